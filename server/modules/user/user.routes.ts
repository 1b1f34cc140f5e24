import type { Request, Response } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { CaptchaAction } from '../../infra/captcha/captcha.policy.js';
import { SESSION_TTL_SECONDS } from '../session/session.service.js';
import type { Routers } from '../index.js';
import * as account from './account.service.js';
import * as profile from './profile.service.js';
import { presentCurrentUser } from './user.presenter.js';
import * as s from '../../contract/requests/user.js';
import { isStaff } from '../permission/policy.js';

function meta(ctx: AppContext, req: Request): account.RequestMeta {
  return {
    lang: requestLanguage(req),
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    origin: `${req.protocol}://${req.get('host') ?? 'localhost'}${ctx.config.basePath}`,
  };
}

/** Sends a login payload and sets the visit cookie used for uploads in private mode. */
function sendLogin(ctx: AppContext, res: Response, payload: { visit_token: string }): void {
  res.cookie('visit', payload.visit_token, {
    httpOnly: true,
    sameSite: 'lax',
    path: ctx.config.basePath || '/',
    maxAge: SESSION_TTL_SECONDS * 1000,
  });
  ok(res, payload);
}

/** The account endpoints: registration, login, email flows, profile and preferences. */
export function registerUser(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/user/info', auth(ctx, 'public'), (_req, res) => {
    const session = currentSession(res);
    ok(res, session ? presentCurrentUser(session.user, session.role_id, res.locals.token as string) : null);
  });
  api.get('/user/action/record', auth(ctx, 'public'), validate(s.actionRecordSchema, 'query'), async (req, res) => {
    const { action: a, captcha_kind: kind = 'image' } = inputOf(s.actionRecordSchema, res);
    const action: CaptchaAction = a;
    const session = currentSession(res);
    const byIp = action === 'email' || action === 'password' || !session;
    const unit = byIp ? meta(ctx, req).ip : String(session!.user.id);
    const staff = isStaff(session);
    ok(res, await ctx.captcha.record(action, unit, staff, kind));
  });
  api.post('/user/register/email', validate(s.registerSchema), async (req, res) => {
    sendLogin(ctx, res, await account.register(ctx, inputOf(s.registerSchema, res), meta(ctx, req)));
  });
  api.post('/user/login/email', validate(s.loginSchema), async (req, res) => {
    sendLogin(ctx, res, await account.login(ctx, inputOf(s.loginSchema, res), meta(ctx, req)));
  });
  api.get('/user/logout', auth(ctx, 'login'), async (_req, res) => {
    await ctx.sessions.revoke(requireSession(res).tokenHash);
    res.clearCookie('visit', { path: ctx.config.basePath || '/' });
    ok(res, null);
  });
  api.post('/user/email/verification', validate(s.codeSchema), async (_req, res) => {
    sendLogin(ctx, res, await account.verifyEmail(ctx, inputOf(s.codeSchema, res).code));
  });
  api.post('/user/email/verification/send', auth(ctx, 'login'), validate(s.captchaOnlySchema), async (req, res) => {
    await account.resendActivation(ctx, requireSession(res), inputOf(s.captchaOnlySchema, res), meta(ctx, req));
    ok(res, null);
  });
  api.post('/user/password/reset', validate(s.resetRequestSchema), async (req, res) => {
    await account.requestPasswordReset(ctx, inputOf(s.resetRequestSchema, res), meta(ctx, req));
    ok(res, null);
  });
  api.post('/user/password/replacement', validate(s.replacePasswordSchema), async (_req, res) => {
    await account.replacePassword(ctx, inputOf(s.replacePasswordSchema, res));
    ok(res, null);
  });
  api.post('/user/email/change/code', auth(ctx, 'login'), validate(s.changeEmailSchema), async (req, res) => {
    await account.requestEmailChange(ctx, requireSession(res), inputOf(s.changeEmailSchema, res), meta(ctx, req));
    ok(res, null);
  });
  api.put('/user/email', validate(s.codeSchema), async (_req, res) => {
    sendLogin(ctx, res, await account.confirmEmailChange(ctx, inputOf(s.codeSchema, res).code));
  });
  api.put('/user/notification/unsubscribe', validate(s.codeSchema), async (_req, res) => {
    await account.unsubscribe(ctx, inputOf(s.codeSchema, res).code);
    ok(res, null);
  });
  api.put('/user/password', auth(ctx, 'active'), validate(s.modifyPasswordSchema), async (_req, res) => {
    await profile.modifyPassword(ctx, requireSession(res), inputOf(s.modifyPasswordSchema, res));
    ok(res, null);
  });
  api.put('/user/info', auth(ctx, 'active'), validate(s.updateInfoSchema), async (_req, res) => {
    await profile.updateInfo(ctx, requireSession(res), inputOf(s.updateInfoSchema, res));
    ok(res, null);
  });
  api.put('/user/interface', auth(ctx, 'active'), validate(s.interfaceSchema), async (_req, res) => {
    await profile.updateInterface(ctx, requireSession(res), inputOf(s.interfaceSchema, res));
    ok(res, null);
  });
  api.get('/user/notification/config', auth(ctx, 'active'), async (_req, res) => {
    ok(res, await profile.notificationConfig(ctx, requireSession(res).user.id));
  });
  api.put('/user/notification/config', auth(ctx, 'active'), validate(s.notificationConfigSchema), async (_req, res) => {
    await profile.updateNotificationConfig(ctx, requireSession(res).user.id, inputOf(s.notificationConfigSchema, res));
    ok(res, null);
  });
}
