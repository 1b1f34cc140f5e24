import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for badges (being written). */
export function registerBadge(_ctx: AppContext, _routers: Routers): void {}
