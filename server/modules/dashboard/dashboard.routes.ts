import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import type { Routers } from '../index.js';
import { dashboard, dashboardActivity } from './dashboard.service.js';

/** GET /answer/admin/api/dashboard, and Lantern's GET dashboard/activity (daily figures and server health). */
export function registerDashboard(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/dashboard', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await dashboard(ctx));
  });
  admin.get('/dashboard/activity', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await dashboardActivity(ctx));
  });
}
