import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { brandingQuery } from '../../contract/requests/user-center.js';
import * as service from './user-center.service.js';

/** The user-centre endpoints, answering as the reference does when no user-centre plugin is installed. */
export function registerUserCenter(ctx: AppContext, routers: Routers): void {
  const { api, admin } = typed(routers);
  api.get('/user-center/agent', auth(ctx, 'public'), (_req, res) => {
    ok(res, service.agent());
  });
  api.get('/user-center/personal/branding', auth(ctx, 'public'), validate(brandingQuery, 'query'), (_req, res) => {
    ok(res, service.personalBranding());
  });
  // Without a plugin there is nowhere to go: the reference's callbacks send the browser to /404 (its
  // redirects to an empty URL, which lands on an unknown page; /404 says so plainly).
  for (const path of [
    '/user-center/login/redirect',
    '/user-center/sign-up/redirect',
    '/user-center/login/callback',
    '/user-center/sign-up/callback',
  ]) {
    api.get(path, (_req, res) => {
      res.redirect(302, `${ctx.config.basePath}/404`);
    });
  }
  api.get('/user-center/user/settings', auth(ctx, 'active'), (_req, res) => {
    ok(res, service.userSettings());
  });
  admin.get('/user-center/agent', auth(ctx, 'admin'), (_req, res) => {
    ok(res, service.adminFunctionAgent());
  });
}
