import type { AppContext } from '../../app-context.js';
import { isRoleId } from '../../contract/enums.js';
import type { LanguageCode } from '../../contract/languages.js';
import { MAIL_STATUS, ROLE } from '../../contract/limits.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { badRequest, fieldError } from '../../http/errors.js';
import type { SessionUser } from '../session/session.service.js';
import { issueCode } from '../user/email-code.js';
import { isValidUsername } from '../user/user.accounts.js';
import { linkBase, sendAccountMail } from '../user/user.mail.js';
import { findUserByEmail, findUserByUsername, setUserRole, updateUser } from '../user/user-common.service.js';
import { parseUserId, userOr400 } from './admin-user.lookup.js';
import { presentUserPageItem } from './admin-user.presenter.js';
import * as repo from './admin-user.repository.js';
import type { EditProfileInput, UserPageQuery } from './admin-user.schema.js';
import { importedUsers } from './claim.repository.js';

// the service's jobs live in their own files; the routes and tests keep calling them through here
export { parseUserId } from './admin-user.lookup.js';
export { addUser, addUsers, parseBulkUsers } from './admin-user-bulk-add.service.js';
export { deletePermanently } from './admin-user-purge.service.js';
export { suspendedUntil, updateStatus } from './admin-user-status.service.js';

const EMAIL_LIKE = /^[^\s@<>]+@[^\s@<>]+$/;

/** GET users/page: email queries match exactly, `user:<id>` finds one id, other text matches names. */
export async function userPage(ctx: AppContext, q: UserPageQuery) {
  const now = ctx.clock.now();
  // a GET that writes, kept on purpose: it only lifts suspensions whose end has passed (idempotent),
  // so the figures agree with login, which already lets such a user in
  await repo.liftExpiredSuspensions(ctx.db, now);
  const filter: repo.UserPageFilter = { status: q.status ?? 'normal', staff: q.staff, page: q.page, pageSize: q.page_size };
  const query = q.query;
  const angle = /<([^<>\s]+@[^<>\s]+)>\s*$/.exec(query);
  if (angle || EMAIL_LIKE.test(query)) {
    filter.email = (angle ? angle[1] : query).toLowerCase();
  } else if (query.startsWith('user:')) {
    const rest = query.slice(5).trim();
    if (/^\d+$/.test(rest)) filter.id = Number(rest.slice(0, 15));
    else filter.text = rest;
  } else if (query) {
    filter.text = query;
  }
  const [{ count, rows }, roles, users] = await Promise.all([
    repo.pageUsers(ctx.db, filter),
    repo.roleNames(ctx.db),
    ctx.settings.get('users'),
  ]);
  const imported = await importedUsers(
    ctx.db,
    rows.map((u) => u.id),
  );
  return { count, list: rows.map((u) => presentUserPageItem(u, roles, users, imported.get(u.id))) };
}

/** PUT user/role: not one's own; the user's sessions end so the new role applies at once. */
export async function updateRole(ctx: AppContext, session: SessionUser, input: { user_id: string; role_id: number }): Promise<void> {
  if (parseUserId(input.user_id) === session.user.id) throw badRequest('error.user.cannot_update_your_role');
  const user = await userOr400(ctx.db, input.user_id);
  const roleId = input.role_id;
  if (!isRoleId(roleId) || !(await repo.roleExists(ctx.db, roleId)))
    throw badRequest('base.request_format_error', [{ field: 'role_id', key: 'validation.one_of', params: { options: '1, 2, 3' } }]);
  await ctx.db.transaction().execute(async (trx) => {
    await setUserRole(trx, user.id, roleId);
    await updateUser(trx, user.id, { is_admin: roleId === ROLE.admin ? 1 : 0, updated_at: ctx.clock.now() });
    await ctx.sessions.revokeAll(user.id, trx);
  });
  ctx.events.emit({ type: 'user.changed', userId: user.id, change: 'role', byUserId: session.user.id });
}

async function activationUrl(ctx: AppContext, user: UserRow, origin: string): Promise<string> {
  const code = await issueCode(ctx.db, user.id, 'activation', { e_mail: user.e_mail }, ctx.clock.now());
  return `${await linkBase(ctx, origin)}/users/account-activation?code=${code}`;
}

/**
 * GET user/activation: a fresh activation link (earlier ones stop working), for the admin to hand over.
 * A GET that writes (a new code): the reference's API makes this a GET, and a link exists only once issued.
 */
export async function getActivation(ctx: AppContext, rawId: string, origin: string) {
  const user = await userOr400(ctx.db, rawId);
  return { activation_url: await activationUrl(ctx, user, origin) };
}

/** POST user/activation: mails a fresh activation link to the user. */
export async function sendActivation(ctx: AppContext, rawId: string, origin: string, lang: LanguageCode): Promise<void> {
  const user = await userOr400(ctx.db, rawId);
  await sendAccountMail(ctx, 'activation', user.e_mail, await activationUrl(ctx, user, origin), lang);
}

/** PUT user/password: someone else's password; every session of theirs ends. */
export async function updatePassword(ctx: AppContext, session: SessionUser, input: { user_id: string; password: string }): Promise<void> {
  if (parseUserId(input.user_id) === session.user.id) throw badRequest('error.admin.cannot_update_their_password');
  const user = await userOr400(ctx.db, input.user_id);
  const pass = await ctx.passwords.hash(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { pass, updated_at: ctx.clock.now() });
    await ctx.sessions.revokeAll(user.id, trx);
  });
  ctx.events.emit({ type: 'user.changed', userId: user.id, change: 'password', byUserId: session.user.id });
}

/** PUT user/profile: someone else's display name, username and email (the email counts as verified). */
export async function editProfile(ctx: AppContext, session: SessionUser, input: EditProfileInput): Promise<void> {
  if (parseUserId(input.user_id) === session.user.id) throw badRequest('error.admin.cannot_edit_their_profile');
  const user = await userOr400(ctx.db, input.user_id);
  const username = input.username;
  if (username !== user.username && !isValidUsername(username)) throw fieldError('error.user.username_invalid', 'username');
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const sameName = await findUserByUsername(trx, username);
    if (sameName && sameName.id !== user.id) throw fieldError('error.user.username_duplicate', 'username');
    const sameEmail = await findUserByEmail(trx, input.email);
    if (sameEmail && sameEmail.id !== user.id) throw fieldError('error.email.duplicate', 'email');
    await updateUser(trx, user.id, {
      display_name: input.display_name,
      username,
      e_mail: input.email,
      mail_status: MAIL_STATUS.verified,
      updated_at: now,
    });
  });
  ctx.events.emit({ type: 'user.changed', userId: user.id, change: 'profile', byUserId: session.user.id });
}
