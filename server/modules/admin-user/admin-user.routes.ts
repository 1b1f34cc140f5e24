import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { SESSION_TTL_SECONDS } from '../session/session.service.js';
import * as s from '../../contract/requests/admin-user.js';
import * as service from './admin-user.service.js';
import { claimCodeQuery, claimLinkSchema, claimSchema } from '../../contract/requests/claim.js';
import * as claims from './claim.service.js';

function origin(ctx: AppContext, req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${ctx.config.basePath}`;
}

/** Admin user management: list, status, role, activation, add one or many, password, profile, purge; claiming imported accounts. */
export function registerAdminUser(ctx: AppContext, routers: Routers): void {
  const { admin, api } = typed(routers);
  admin.get('/users/page', auth(ctx, 'admin'), validate(s.userPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.userPage(ctx, inputOf(s.userPageQuery, res)));
  });
  admin.put('/user/status', auth(ctx, 'admin'), validate(s.updateStatusSchema), async (_req, res) => {
    await service.updateStatus(ctx, requireSession(res), inputOf(s.updateStatusSchema, res));
    ok(res, null);
  });
  admin.put('/user/role', auth(ctx, 'admin'), validate(s.updateRoleSchema), async (_req, res) => {
    await service.updateRole(ctx, requireSession(res), inputOf(s.updateRoleSchema, res));
    ok(res, null);
  });
  admin.get('/user/activation', auth(ctx, 'admin'), validate(s.userIdQuery, 'query'), async (req, res) => {
    ok(res, await service.getActivation(ctx, inputOf(s.userIdQuery, res).user_id, origin(ctx, req)));
  });
  // the reference's swagger names POST users/activation; its UI calls user/activation
  for (const path of ['/user/activation', '/users/activation']) {
    admin.post(path, auth(ctx, 'admin'), validate(s.userIdBody), async (req, res) => {
      await service.sendActivation(ctx, inputOf(s.userIdBody, res).user_id, origin(ctx, req), requestLanguage(req));
      ok(res, null);
    });
  }
  // Lantern's own: a one-time link to take over an imported account (claim.service.ts)
  admin.post('/user/claim', auth(ctx, 'admin'), validate(claimLinkSchema), async (req, res) => {
    ok(res, await claims.claimLink(ctx, inputOf(claimLinkSchema, res), origin(ctx, req), requestLanguage(req)));
  });
  api.get('/user/claim', auth(ctx, 'public'), validate(claimCodeQuery, 'query'), async (_req, res) => {
    ok(res, await claims.claimInfo(ctx, inputOf(claimCodeQuery, res).code));
  });
  api.post('/user/claim', auth(ctx, 'public'), validate(claimSchema), async (_req, res) => {
    const payload = await claims.claim(ctx, inputOf(claimSchema, res));
    res.cookie('visit', payload.visit_token, {
      httpOnly: true,
      sameSite: 'lax',
      path: ctx.config.basePath || '/',
      maxAge: SESSION_TTL_SECONDS * 1000,
    });
    ok(res, payload);
  });
  admin.post('/user', auth(ctx, 'admin'), validate(s.addUserSchema), async (_req, res) => {
    await service.addUser(ctx, inputOf(s.addUserSchema, res));
    ok(res, null);
  });
  admin.post('/users', auth(ctx, 'admin'), bodyLimit('settings'), validate(s.addUsersSchema), async (req, res) => {
    await service.addUsers(ctx, inputOf(s.addUsersSchema, res).users, requestLanguage(req));
    ok(res, null);
  });
  admin.put('/user/password', auth(ctx, 'admin'), validate(s.updatePasswordSchema), async (_req, res) => {
    await service.updatePassword(ctx, requireSession(res), inputOf(s.updatePasswordSchema, res));
    ok(res, null);
  });
  admin.put('/user/profile', auth(ctx, 'admin'), validate(s.editProfileSchema), async (_req, res) => {
    await service.editProfile(ctx, requireSession(res), inputOf(s.editProfileSchema, res));
    ok(res, null);
  });
  admin.delete('/delete/permanently', auth(ctx, 'admin'), validate(s.deletePermanentlySchema), async (_req, res) => {
    await service.deletePermanently(ctx, inputOf(s.deletePermanentlySchema, res).type);
    ok(res, null);
  });
}
