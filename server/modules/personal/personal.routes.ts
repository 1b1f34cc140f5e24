import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for personal pages (being written). */
export function registerPersonal(_ctx: AppContext, _routers: Routers): void {}
