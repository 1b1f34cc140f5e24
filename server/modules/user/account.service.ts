import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import type { DbOrTrx } from '../../db/database.js';
import { badRequest, fieldError, suspendedError, urlExpiredError } from '../../http/errors.js';
import type { CaptchaAction } from '../../infra/captcha/captcha.policy.js';
import { addressUnit, type Limit } from '../../infra/captcha/rate-limit.js';
import { bindFromActivationCode } from '../external-login/external-login.binding.js';
import { addUserRank, hasActivityOfType, insertActivity } from '../rank/rank-common.service.js';
import type { SessionUser } from '../session/session.service.js';
import { issueCode, takeCode } from './email-code.js';
import { createAccount, emailDomainAllowed, isValidUsername, usernameFromName } from './user.accounts.js';
import { admitLogin } from './login-guard.js';
import { linkBase, sendAccountMail } from './user.mail.js';
import { presentLogin } from './user.presenter.js';
import {
  findNotificationConfigs,
  findUserByEmail,
  findUserById,
  findUserRole,
  updateUser,
  upsertNotificationConfig,
} from './user.repository.js';
import { ACTIVITY_TYPE, USER_STATUS } from '../../contract/enums.js';
import { isStaff } from '../permission/policy.js';

/** Who is asking: language, IP and the origin to build links with when no site URL is set. */
export interface RequestMeta {
  lang: LanguageCode;
  ip: string;
  origin: string;
}

/** Demands a solved captcha when the action's threshold says so (staff never). */
export async function checkCaptcha(
  ctx: AppContext,
  action: CaptchaAction,
  unit: string,
  staff: boolean,
  input: { captcha_id?: string; captcha_code?: string },
): Promise<void> {
  if (!(await ctx.captcha.required(action, unit, staff))) return;
  if (!(await ctx.captcha.verify(input.captcha_id, input.captcha_code)))
    throw fieldError('error.object.captcha_verification_failed', 'captcha_code');
}

type LimitKind = 'register' | 'mail';

/** The per-account and per-address counters of an attempt (the account is an email or a user id). */
function limitKeys(ctx: AppContext, kind: LimitKind, account: string, ip: string): [string, Limit][] {
  const l = ctx.limits.limits;
  const [perAccount, perAddress] =
    kind === 'register' ? [l.registerPerAccount, l.registerPerAddress] : [l.mailPerAccount, l.mailPerAddress];
  return [
    [`${kind}:account:${account.toLowerCase()}`, perAccount],
    [`${kind}:address:${addressUnit(ip)}`, perAddress],
  ];
}

/** Issues a session and builds the login payload. */
export async function loginPayload(ctx: AppContext, userId: number, db: DbOrTrx = ctx.db) {
  const user = (await findUserById(db, userId))!;
  const role = await findUserRole(db, userId);
  const tokens = await ctx.sessions.issue(userId, db);
  return presentLogin(user, role, tokens, await ctx.settings.get('users', db));
}

/** Grants the +1 of an activated account once (activity user.activated, config id 10). */
export async function grantActivation(db: DbOrTrx, userId: number, now: number): Promise<void> {
  if (await hasActivityOfType(db, userId, ACTIVITY_TYPE['user.activated'])) return;
  await insertActivity(db, {
    created_at: now,
    updated_at: now,
    cancelled_at: null,
    user_id: userId,
    object_id: String(userId),
    original_object_id: String(userId),
    activity_type: ACTIVITY_TYPE['user.activated'],
    rank: 1,
    has_rank: 1,
  });
  await addUserRank(db, userId, 1);
}

/** POST user/register/email. */
export async function register(
  ctx: AppContext,
  input: { name: string; e_mail: string; pass: string; captcha_id?: string; captcha_code?: string },
  meta: RequestMeta,
) {
  const login = await ctx.settings.get('login');
  if (!login.allow_new_registrations || !login.allow_email_registrations) throw badRequest('error.user.not_allowed_registration');
  if (!emailDomainAllowed(input.e_mail, login.allow_email_domains ?? []))
    throw fieldError('error.email.illegal_email_domain_error', 'e_mail');
  await ctx.limits.reserve(...limitKeys(ctx, 'register', input.e_mail, meta.ip));
  await checkCaptcha(ctx, 'email', meta.ip, false, input);
  await ctx.captcha.count('email', meta.ip);
  const username = usernameFromName(input.name);
  if (!isValidUsername(username)) throw fieldError('error.user.username_invalid', 'name');
  const now = ctx.clock.now();
  const passHash = await ctx.passwords.hash(input.pass);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.e_mail)) throw fieldError('error.email.duplicate', 'e_mail');
    const id = await createAccount(trx, {
      displayName: input.name,
      email: input.e_mail,
      passHash,
      mailStatus: MAIL_STATUS.unverified,
      rank: 0,
      now,
    });
    const code = await issueCode(trx, id, 'activation', { e_mail: input.e_mail.toLowerCase() }, now);
    return { payload: await loginPayload(ctx, id, trx), code, id };
  });
  ctx.events.emit({ type: 'user.registered', userId: result.id });
  const base = await linkBase(ctx, meta.origin);
  await sendAccountMail(ctx, 'activation', input.e_mail, `${base}/users/account-activation?code=${result.code}`, meta.lang);
  return result.payload;
}

/** POST user/login/email. */
export async function login(
  ctx: AppContext,
  input: { e_mail: string; pass: string; captcha_id?: string; captcha_code?: string },
  meta: RequestMeta,
) {
  // the attempt is counted before the password is checked (login-guard.ts)
  const attempt = await admitLogin(ctx, input.e_mail, meta.ip, input);
  const user = await findUserByEmail(ctx.db, input.e_mail);
  const allowed = (await ctx.settings.get('login')).allow_password_login;
  // no account (or none that may log in) costs the same check as a wrong password: timing tells no one which emails exist
  const verdict = await ctx.passwords.verify(input.pass, user && user.status !== USER_STATUS.deleted && allowed ? user.pass : undefined);
  if (!user || !verdict.ok) {
    await attempt.failed();
    throw fieldError('error.object.email_or_password_incorrect', 'e_mail');
  }
  await attempt.succeeded();
  // an old (bcrypt) or cheaper hash is replaced by a current one while the password is at hand
  const pass = verdict.upgrade ? await ctx.passwords.hash(input.pass) : undefined;
  // unlike the reference, a suspended account gets no token at all
  if (user.status === USER_STATUS.suspended && !(user.suspended_until && user.suspended_until <= ctx.clock.now())) throw suspendedError();
  await updateUser(ctx.db, user.id, { last_login_date: ctx.clock.now(), ...(pass ? { pass } : {}) });
  ctx.events.emit({ type: 'user.changed', userId: user.id, change: 'login', byUserId: user.id });
  return loginPayload(ctx, user.id);
}

/** POST user/email/verification: activates the account of a live activation code. */
export async function verifyEmail(ctx: AppContext, code: string) {
  const now = ctx.clock.now();
  let userId = 0;
  const out = await ctx.db.transaction().execute(async (trx) => {
    const found = await takeCode(trx, code, 'activation', now);
    const user = found && (await findUserById(trx, found.userId));
    if (!found || !user || user.status === USER_STATUS.deleted || user.e_mail !== found.payload.e_mail) throw urlExpiredError();
    await updateUser(trx, user.id, { mail_status: MAIL_STATUS.verified, updated_at: now });
    await grantActivation(trx, user.id, now);
    await bindFromActivationCode(trx, user.id, found.payload, now);
    userId = user.id;
    return loginPayload(ctx, user.id, trx);
  });
  ctx.events.emit({ type: 'user.changed', userId, change: 'activated', byUserId: userId });
  return out;
}

/** POST user/email/verification/send: a new activation link for an unverified account. */
export async function resendActivation(
  ctx: AppContext,
  session: SessionUser,
  input: { captcha_id?: string; captcha_code?: string },
  meta: RequestMeta,
): Promise<void> {
  await ctx.limits.reserve(...limitKeys(ctx, 'mail', `user:${session.user.id}`, meta.ip));
  await checkCaptcha(ctx, 'email', meta.ip, false, input);
  await ctx.captcha.count('email', meta.ip);
  const user = session.user;
  if (user.mail_status === MAIL_STATUS.verified) return;
  const code = await issueCode(ctx.db, user.id, 'activation', { e_mail: user.e_mail }, ctx.clock.now());
  const base = await linkBase(ctx, meta.origin);
  await sendAccountMail(ctx, 'activation', user.e_mail, `${base}/users/account-activation?code=${code}`, meta.lang);
}

/** POST user/password/reset: always succeeds, so it tells nobody which emails exist. */
export async function requestPasswordReset(
  ctx: AppContext,
  input: { e_mail: string; captcha_id?: string; captcha_code?: string },
  meta: RequestMeta,
): Promise<void> {
  await ctx.limits.reserve(...limitKeys(ctx, 'mail', input.e_mail, meta.ip));
  await checkCaptcha(ctx, 'email', meta.ip, false, input);
  await ctx.captcha.count('email', meta.ip);
  const user = await findUserByEmail(ctx.db, input.e_mail);
  if (!user || user.status === USER_STATUS.deleted) return;
  const code = await issueCode(ctx.db, user.id, 'password_reset', { e_mail: user.e_mail }, ctx.clock.now());
  const base = await linkBase(ctx, meta.origin);
  await sendAccountMail(ctx, 'password_reset', user.e_mail, `${base}/users/password-reset?code=${code}`, meta.lang);
}

/** POST user/password/replacement: sets a new password and ends every session. */
export async function replacePassword(ctx: AppContext, input: { code: string; pass: string }): Promise<void> {
  const now = ctx.clock.now();
  const pass = await ctx.passwords.hash(input.pass);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const found = await takeCode(trx, input.code, 'password_reset', now);
    const user = found && (await findUserById(trx, found.userId));
    if (!found || !user || user.status === USER_STATUS.deleted) throw urlExpiredError();
    await updateUser(trx, user.id, { pass, updated_at: now });
    await ctx.sessions.revokeAll(user.id, trx);
    return user.id;
  });
  ctx.events.emit({ type: 'user.changed', userId, change: 'password', byUserId: userId });
}

/** POST user/email/change/code: sends a confirmation link to the new address. */
export async function requestEmailChange(
  ctx: AppContext,
  session: SessionUser,
  input: { e_mail: string; pass?: string; captcha_id?: string; captcha_code?: string },
  meta: RequestMeta,
): Promise<void> {
  const staff = isStaff(session);
  await ctx.limits.reserve(...limitKeys(ctx, 'mail', `user:${session.user.id}`, meta.ip));
  await checkCaptcha(ctx, 'edit_userinfo', String(session.user.id), staff, input);
  await ctx.captcha.count('edit_userinfo', String(session.user.id));
  const user = session.user;
  if (user.mail_status === MAIL_STATUS.verified && user.pass && !(await ctx.passwords.verify(input.pass ?? '', user.pass)).ok) {
    throw fieldError('error.object.old_password_verification_failed', 'pass');
  }
  const taken = await findUserByEmail(ctx.db, input.e_mail);
  if (taken) throw fieldError('error.email.duplicate', 'e_mail');
  const code = await issueCode(ctx.db, user.id, 'change_email', { e_mail: input.e_mail.toLowerCase() }, ctx.clock.now());
  const base = await linkBase(ctx, meta.origin);
  await sendAccountMail(ctx, 'change_email', input.e_mail, `${base}/users/confirm-new-email?code=${code}`, meta.lang);
}

/** PUT user/email: applies the new address of a live code; the account counts as verified. */
export async function confirmEmailChange(ctx: AppContext, code: string) {
  const now = ctx.clock.now();
  let userId = 0;
  const out = await ctx.db.transaction().execute(async (trx) => {
    const found = await takeCode(trx, code, 'change_email', now);
    const user = found && (await findUserById(trx, found.userId));
    const email = found && typeof found.payload.e_mail === 'string' ? found.payload.e_mail : '';
    if (!found || !user || user.status === USER_STATUS.deleted || !email) throw urlExpiredError();
    const other = await findUserByEmail(trx, email);
    if (other && other.id !== user.id) throw fieldError('error.email.duplicate', 'e_mail');
    await updateUser(trx, user.id, { e_mail: email, mail_status: MAIL_STATUS.verified, updated_at: now });
    await grantActivation(trx, user.id, now);
    userId = user.id;
    return loginPayload(ctx, user.id, trx);
  });
  ctx.events.emit({ type: 'user.changed', userId, change: 'email', byUserId: userId });
  return out;
}

/** PUT user/notification/unsubscribe: turns the email channels of the code's user off. */
export async function unsubscribe(ctx: AppContext, code: string): Promise<void> {
  const found = await takeCode(ctx.db, code, 'unsubscribe', ctx.clock.now());
  if (!found) throw urlExpiredError();
  const rows = await findNotificationConfigs(ctx.db, found.userId);
  const sources = new Set([...rows.map((r) => r.source), 'inbox', 'all_new_question', 'all_new_question_for_following_tags']);
  for (const source of sources) await upsertNotificationConfig(ctx.db, found.userId, source, [{ key: 'email', enable: false }], false);
}

/** An unsubscribe link for a user, for the mails of later features. */
export async function unsubscribeUrl(ctx: AppContext, userId: number, origin: string): Promise<string> {
  const code = await issueCode(ctx.db, userId, 'unsubscribe', {}, ctx.clock.now());
  return `${await linkBase(ctx, origin)}/users/unsubscribe?code=${code}`;
}
