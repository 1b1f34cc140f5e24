import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { bindingEmailSchema, unbindingSchema } from '../../contract/requests/connector.js';
import * as service from './connector.service.js';

function meta(ctx: AppContext, req: Request): service.RequestMeta {
  return {
    origin: `${req.protocol}://${req.get('host') ?? 'localhost'}${ctx.config.basePath}`,
    basePath: ctx.config.basePath,
    lang: requestLanguage(req),
    query: Object.fromEntries(Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === 'string')),
  };
}

/** Third-party login: the connectors that are on, their browser round trip, email binding and unbinding. */
export function registerConnector(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/connector/info', async (req, res) => {
    ok(res, await service.connectorsInfo(ctx, meta(ctx, req).origin));
  });
  api.get('/connector/login/:name', async (req, res) => {
    res.redirect(302, await service.loginRedirect(ctx, String(req.params.name), meta(ctx, req)));
  });
  api.get('/connector/redirect/:name', async (req, res) => {
    res.redirect(302, await service.redirectCallback(ctx, String(req.params.name), meta(ctx, req)));
  });
  api.post('/connector/binding/email', validate(bindingEmailSchema), async (req, res) => {
    ok(res, await service.bindingSendEmail(ctx, inputOf(bindingEmailSchema, res), meta(ctx, req)));
  });
  api.get('/connector/user/info', auth(ctx, 'active'), async (req, res) => {
    ok(res, await service.userConnectors(ctx, requireSession(res), meta(ctx, req).origin));
  });
  api.delete('/connector/user/unbinding', auth(ctx, 'active'), validate(unbindingSchema), async (_req, res) => {
    await service.unbind(ctx, requireSession(res), inputOf(unbindingSchema, res).external_id);
    ok(res, null);
  });
}
