import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { lanSwitchSchema } from '../../contract/requests/lan.js';
import { applySuggestedSiteUrl, lanStatus, requestLanSwitch } from './lan.service.js';

/** Admin: the LAN hosting switch (Lantern's own; not part of Answer's API). */
export function registerLan(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/lan', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await lanStatus(ctx));
  });
  admin.put('/lan', auth(ctx, 'admin'), validate(lanSwitchSchema), async (_req, res) => {
    ok(res, await requestLanSwitch(ctx, inputOf(lanSwitchSchema, res)));
  });
  // the site-URL hint's button: the address LAN browsers open, for the links in mails
  admin.post('/lan/site-url', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await applySuggestedSiteUrl(ctx));
  });
}
