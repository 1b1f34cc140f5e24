import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for follows (being written). */
export function registerFollow(_ctx: AppContext, _routers: Routers): void {}
