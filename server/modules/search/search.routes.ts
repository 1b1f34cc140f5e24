import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for search (being written). */
export function registerSearch(_ctx: AppContext, _routers: Routers): void {}
