import type { AppContext } from '../../app-context.js';
import type { AdminRole } from '../../contract/api/admin.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import type { Routers } from '../index.js';
import { listRoles } from './role.repository.js';

/** GET /answer/admin/api/roles. */
export function registerRole(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/roles', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, (await listRoles(ctx.db)) satisfies AdminRole[]);
  });
}
