import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import * as s from './admin-user.schema.js';
import * as service from './admin-user.service.js';

function origin(ctx: AppContext, req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${ctx.config.basePath}`;
}

/** Admin user management: list, status, role, activation, add one or many, password, profile, purge. */
export function registerAdminUser(ctx: AppContext, { admin }: Routers): void {
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
  admin.post('/user', auth(ctx, 'admin'), validate(s.addUserSchema), async (_req, res) => {
    await service.addUser(ctx, inputOf(s.addUserSchema, res));
    ok(res, null);
  });
  admin.post('/users', auth(ctx, 'admin'), validate(s.addUsersSchema), async (req, res) => {
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
