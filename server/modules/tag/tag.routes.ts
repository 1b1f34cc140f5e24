import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for tags (being written). */
export function registerTag(_ctx: AppContext, _routers: Routers): void {}
