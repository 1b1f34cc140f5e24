import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for admin question and answer management (being written). */
export function registerAdminContent(_ctx: AppContext, _routers: Routers): void {}
