import type { Permissions } from '../../contract/api/user.js';
import type { AppContext } from '../../app-context.js';
import { translate } from '../../contract/messages/index.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { permissionQuerySchema } from '../../contract/requests/permission.js';
import { checkPermission } from './permission.service.js';

/** GET permission?action=a,b: {action: {has_permission, no_permission_tip}}. */
export function registerPermission(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/permission', auth(ctx, 'active'), validate(permissionQuerySchema, 'query'), async (req, res) => {
    const session = requireSession(res);
    const lang = requestLanguage(req);
    const actions = inputOf(permissionQuerySchema, res)
      .action.split(',')
      .map((a) => a.trim())
      .filter((a) => /^[a-z_.]{1,64}$/.test(a))
      .slice(0, 50);
    const out: Permissions = {};
    for (const action of actions) {
      const r = await checkPermission(ctx, session, action);
      const tip = r.allowed
        ? ''
        : r.needRank > 0
          ? translate(lang, 'error.rank.no_enough_rank_to_operate', { rank: r.needRank })
          : translate(lang, 'error.rank.fail_to_meet_the_condition');
      out[action] = { has_permission: r.allowed, no_permission_tip: tip };
    }
    ok(res, out);
  });
}
