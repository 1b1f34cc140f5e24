import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/** Routes for the admin dashboard (being written). */
export function registerDashboard(_ctx: AppContext, _routers: Routers): void {}
