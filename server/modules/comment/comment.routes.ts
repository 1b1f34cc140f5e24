import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for comments (being written). */
export function registerComment(_ctx: AppContext, _routers: Routers): void {}
