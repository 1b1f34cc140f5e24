import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for admin user management (being written). */
export function registerAdminUser(_ctx: AppContext, _routers: Routers): void {}
