import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for flags (reports) (being written). */
export function registerReport(_ctx: AppContext, _routers: Routers): void {}
