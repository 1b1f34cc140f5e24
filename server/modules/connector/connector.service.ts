import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { newToken } from '../../infra/tokens.js';
import { enabledPlugins } from '../plugin/plugin.service.js';
import type { ConnectorPlugin, ExternalUserInfo } from '../plugin/plugin.registry.js';
import type { SessionUser } from '../session/session.service.js';
import { grantActivation } from '../user/account.service.js';
import { issueCode } from '../user/email-code.js';
import { emailDomainAllowed, freeUsername, usernameFromName } from '../user/user.accounts.js';
import { linkBase, sendAccountMail } from '../user/user.mail.js';
import { findUserByEmail, findUserById, insertUser, updateUser, upsertNotificationConfig } from '../user/user-common.service.js';
import { presentConnector, presentUserConnector } from './connector.presenter.js';
import {
  deleteExternalLogin,
  findExternalLogin,
  saveExternalLogin,
  userExternalLogins,
} from '../external-login/external-login-common.service.js';
import * as repo from './connector.repository.js';
import type { BindingEmailInput } from './connector.schema.js';
import { NOTICE_STATUS, USER_STATUS } from '../../contract/enums.js';

/** How long a sign-in waits for its email address. */
const BINDING_TTL_SECONDS = 30 * 60;

/** Where a request comes from: the site URL fallback, the base path and the language. */
export interface RequestMeta {
  origin: string;
  basePath: string;
  lang: LanguageCode;
  query: Record<string, string>;
}

/** The outcome of a third-party sign-in. */
type ExternalLoginResult = { accessToken: string } | { bindingKey: string } | { errTitle: string; errMsg: string };

async function connectors(ctx: AppContext) {
  return enabledPlugins(ctx, 'connector');
}

async function connectorBySlug(ctx: AppContext, slug: string) {
  return (await connectors(ctx)).find((c) => c.plugin.slug_name === slug);
}

const receiverUrl = (site: string, slug: string) => `${site}/answer/api/v1/connector/redirect/${slug}`;
const errorPage = (meta: RequestMeta, title?: string, message?: string) =>
  title ? `${meta.basePath}/50x?title=${encodeURIComponent(title)}&msg=${encodeURIComponent(message ?? '')}` : `${meta.basePath}/50x`;

/** GET connector/info: the connectors that are on. */
export async function connectorsInfo(ctx: AppContext, origin: string) {
  const site = await linkBase(ctx, origin);
  return (await connectors(ctx)).map((c) => presentConnector(c.plugin, site));
}

/** GET connector/login/:name: where to send the browser (an unknown or switched-off connector: /50x). */
export async function loginRedirect(ctx: AppContext, slug: string, meta: RequestMeta): Promise<string> {
  const found = await connectorBySlug(ctx, slug);
  if (!found) return errorPage(meta);
  const site = await linkBase(ctx, meta.origin);
  try {
    const target = await found.plugin.sender({ ctx, config: found.config, query: meta.query }, receiverUrl(site, slug));
    return target || errorPage(meta);
  } catch (err) {
    ctx.logger.warn({ err, connector: slug }, 'connector sender failed');
    return errorPage(meta);
  }
}

/** GET connector/redirect/:name: the platform's callback becomes a session, a binding key or an error page. */
export async function redirectCallback(ctx: AppContext, slug: string, meta: RequestMeta): Promise<string> {
  const found = await connectorBySlug(ctx, slug);
  if (!found) return errorPage(meta);
  const site = await linkBase(ctx, meta.origin);
  let info: ExternalUserInfo;
  try {
    info = await found.plugin.receiver({ ctx, config: found.config, query: meta.query }, receiverUrl(site, slug));
  } catch (err) {
    ctx.logger.warn({ err, connector: slug }, 'connector receiver failed');
    return errorPage(meta);
  }
  const result = await externalLogin(ctx, found.plugin, info, meta.lang);
  if ('errMsg' in result) return errorPage(meta, result.errTitle, result.errMsg);
  if ('bindingKey' in result) return `${site}/users/confirm-email?binding_key=${result.bindingKey}`;
  return `${site}/users/auth-landing?access_token=${result.accessToken}`;
}

function clean(v: unknown, max: number): string {
  return typeof v === 'string' ? v.trim().slice(0, max) : '';
}

/** A new account for a third-party user: no password, the platform's name, avatar and bio. */
async function registerExternalUser(trx: DbOrTrx, info: repo.PendingBinding & { email: string }, now: number): Promise<number> {
  const displayName = clean(info.display_name, 30) || clean(info.username, 30) || 'user';
  const username = await freeUsername(trx, usernameFromName(clean(info.username, 30) || displayName));
  const avatar = clean(info.avatar, 1000);
  const id = await insertUser(trx, {
    created_at: now,
    updated_at: now,
    last_login_date: now,
    username,
    pass: '',
    e_mail: info.email,
    mail_status: MAIL_STATUS.unverified,
    notice_status: NOTICE_STATUS.off,
    rank: 0,
    status: USER_STATUS.available,
    display_name: displayName.length >= 2 ? displayName : username,
    avatar: avatar ? JSON.stringify({ type: 'custom', gravatar: '', custom: avatar }) : '',
    bio: clean(info.bio, 4096),
    language: '',
    color_scheme: '',
    is_admin: 0,
  });
  await upsertNotificationConfig(trx, id, 'inbox', [{ key: 'email', enable: true }], true);
  return id;
}

/** The platform vouches for the address: the account counts as verified (once granted its point). */
async function activate(trx: DbOrTrx, user: UserRow, info: ExternalUserInfo, now: number): Promise<void> {
  const avatar = clean(info.avatar, 1000);
  await updateUser(trx, user.id, {
    mail_status: MAIL_STATUS.verified,
    last_login_date: now,
    ...(user.avatar === '' && avatar ? { avatar: JSON.stringify({ type: 'custom', gravatar: '', custom: avatar }) } : {}),
  });
  await grantActivation(trx, user.id, now);
}

/**
 * A sign-in from a connector: a bound account logs in; otherwise the platform's email finds (or,
 * while registration is open, makes) the account and binds it; without an email the sign-in waits
 * under a binding key for the user to give one. Suspended and deleted accounts get the error page.
 */
export async function externalLogin(
  ctx: AppContext,
  plugin: ConnectorPlugin,
  raw: ExternalUserInfo,
  lang: LanguageCode,
): Promise<ExternalLoginResult> {
  const deny = (key: string): ExternalLoginResult => ({
    errTitle: translate(lang, 'error.user.access_denied'),
    errMsg: translate(lang, key),
  });
  const info: repo.PendingBinding = {
    provider: plugin.slug_name,
    external_id: clean(raw?.external_id, 128),
    display_name: clean(raw?.display_name, 100),
    username: clean(raw?.username, 100),
    email: clean(raw?.email, 500).toLowerCase(),
    avatar: clean(raw?.avatar, 1000),
    meta_info: clean(raw?.meta_info, 65535),
    bio: clean(raw?.bio, 4096),
  };
  if (!info.external_id) return deny('error.user.external_login_missing_user_id');
  const now = ctx.clock.now();
  const login = await ctx.settings.get('login');
  // a new account made here is announced after the transaction commits
  let registered: number | undefined;
  let loggedIn: number | undefined;
  const result = await ctx.db.transaction().execute(async (trx): Promise<ExternalLoginResult> => {
    const bound = await findExternalLogin(trx, info.provider, info.external_id);
    const boundUser = bound ? await findUserById(trx, bound.user_id) : undefined;
    let user = boundUser && boundUser.status !== USER_STATUS.deleted ? boundUser : undefined;
    if (!user) {
      if (!info.email) {
        const bindingKey = newToken();
        await repo.savePendingBinding(trx, bindingKey, info, now + BINDING_TTL_SECONDS, now);
        return { bindingKey };
      }
      if (!emailDomainAllowed(info.email, login.allow_email_domains ?? [])) return deny('error.email.illegal_email_domain_error');
      user = await findUserByEmail(trx, info.email);
      if (user?.status === USER_STATUS.deleted) return deny('error.user.access_denied');
      if (!user) {
        if (!login.allow_new_registrations) return deny('error.user.not_allowed_registration');
        registered = await registerExternalUser(trx, { ...info, email: info.email }, now);
        user = (await findUserById(trx, registered))!;
      }
      await saveExternalLogin(
        trx,
        { provider: info.provider, external_id: info.external_id, user_id: user.id, meta_info: info.meta_info ?? '' },
        now,
      );
    }
    if (user.status === USER_STATUS.suspended && !(user.suspended_until && user.suspended_until <= now))
      return deny('error.user.suspended');
    await activate(trx, user, info, now);
    loggedIn = user.id;
    return { accessToken: (await ctx.sessions.issue(user.id, trx)).accessToken };
  });
  if (registered !== undefined && 'accessToken' in result) ctx.events.emit({ type: 'user.registered', userId: registered });
  else if (loggedIn !== undefined) ctx.events.emit({ type: 'user.changed', userId: loggedIn, change: 'login', byUserId: loggedIn });
  return result;
}

/**
 * POST connector/binding/email: the address for a waiting sign-in. A new address makes the account
 * (logged in at once, activation mail sent); a taken one is only reported unless `must`, and then
 * the binding waits in an activation mail to that address: it is made when its owner opens the link.
 */
export async function bindingSendEmail(ctx: AppContext, input: BindingEmailInput, meta: RequestMeta) {
  const now = ctx.clock.now();
  const pending = await repo.findPendingBinding(ctx.db, input.binding_key, now);
  if (!pending) throw badRequest('error.user.not_found');
  const email = input.email.toLowerCase();
  const existing = await findUserByEmail(ctx.db, email);
  if (existing && !input.must) return { email_exist_and_must_be_confirmed: true, access_token: '' };
  const base = await linkBase(ctx, meta.origin);
  if (existing) {
    if (existing.status === USER_STATUS.deleted) throw badRequest('error.user.not_found');
    const code = await ctx.db.transaction().execute(async (trx) => {
      await repo.deletePendingBinding(trx, input.binding_key);
      return issueCode(
        trx,
        existing.id,
        'activation',
        {
          e_mail: existing.e_mail,
          binding: { provider: pending.provider, external_id: pending.external_id, meta_info: pending.meta_info ?? '' },
        },
        now,
      );
    });
    await sendAccountMail(ctx, 'activation', existing.e_mail, `${base}/users/account-activation?code=${code}`, meta.lang);
    return { email_exist_and_must_be_confirmed: false, access_token: '' };
  }
  const login = await ctx.settings.get('login');
  if (!emailDomainAllowed(email, login.allow_email_domains ?? [])) throw fieldError('error.email.illegal_email_domain_error', 'email');
  if (!login.allow_new_registrations) throw badRequest('error.user.not_allowed_registration');
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, email)) throw fieldError('error.email.duplicate', 'email');
    const id = await registerExternalUser(trx, { ...pending, email }, now);
    await saveExternalLogin(
      trx,
      { provider: pending.provider, external_id: pending.external_id, user_id: id, meta_info: pending.meta_info ?? '' },
      now,
    );
    await repo.deletePendingBinding(trx, input.binding_key);
    const code = await issueCode(trx, id, 'activation', { e_mail: email }, now);
    return { id, code, token: (await ctx.sessions.issue(id, trx)).accessToken };
  });
  ctx.events.emit({ type: 'user.registered', userId: result.id });
  await sendAccountMail(ctx, 'activation', email, `${base}/users/account-activation?code=${result.code}`, meta.lang);
  return { email_exist_and_must_be_confirmed: false, access_token: result.token };
}

/** GET connector/user/info: each connector that is on and the caller's binding to it. */
export async function userConnectors(ctx: AppContext, session: SessionUser, origin: string) {
  const site = await linkBase(ctx, origin);
  const mine = await userExternalLogins(ctx.db, session.user.id);
  return (await connectors(ctx)).map((c) =>
    presentUserConnector(c.plugin, site, mine.find((l) => l.provider === c.plugin.slug_name)?.external_id),
  );
}

/** DELETE connector/user/unbinding: an account without a password keeps its last way in. */
export async function unbind(ctx: AppContext, session: SessionUser, externalId: string): Promise<void> {
  const mine = await userExternalLogins(ctx.db, session.user.id);
  if (session.user.pass === '' && mine.length <= 1) throw badRequest('error.user.external_login_unbinding_forbidden');
  await deleteExternalLogin(ctx.db, session.user.id, externalId, ctx.clock.now());
}
