import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { reasonsQuery } from '../../contract/requests/reason.js';
import { listReasons } from './reason.service.js';

/** GET reasons: close, flag, status and review reasons by object type. */
export function registerReason(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/reasons', auth(ctx, 'active'), validate(reasonsQuery, 'query'), async (req, res) => {
    ok(res, await listReasons(ctx, inputOf(reasonsQuery, res), requestLanguage(req)));
  });
}
