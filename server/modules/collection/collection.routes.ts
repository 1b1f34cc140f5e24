import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for bookmarks (being written). */
export function registerCollection(_ctx: AppContext, _routers: Routers): void {}
