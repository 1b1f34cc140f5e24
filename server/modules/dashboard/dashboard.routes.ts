import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import type { Routers } from '../index.js';
import { dashboard } from './dashboard.service.js';

/** GET /answer/admin/api/dashboard. */
export function registerDashboard(ctx: AppContext, { admin }: Routers): void {
  admin.get('/dashboard', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await dashboard(ctx));
  });
}
