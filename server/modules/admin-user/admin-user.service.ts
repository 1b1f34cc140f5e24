import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { LIMITS, MAIL_STATUS, ROLE } from '../../contract/limits.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { AppError, badRequest, fieldError } from '../../http/errors.js';
import { issuesToFields } from '../../http/validate.js';
import { deleteUsersExternalLogins } from '../connector/connector.repository.js';
import { deleteUserPluginConfigs } from '../plugin/plugin.repository.js';
import { announce, removeAllPostsOfTx } from '../question/post-removal.js';
import type { SessionUser } from '../session/session.service.js';
import { grantActivation } from '../user/account.service.js';
import { issueCode } from '../user/email-code.js';
import { freeUsername, hashPassword, isValidUsername, usernameFromName } from '../user/user.accounts.js';
import { linkBase, sendAccountMail } from '../user/user.mail.js';
import { findUserByEmail, findUserById, findUserByUsername, insertUser, setUserRole, updateUser, upsertNotificationConfig } from '../user/user.repository.js';
import { presentUserPageItem } from './admin-user.presenter.js';
import * as repo from './admin-user.repository.js';
import { importedUsers } from './claim.repository.js';
import { addUserSchema, type AddUserInput, type EditProfileInput, type SuspendDuration, type UpdateStatusInput, type UserPageQuery } from './admin-user.schema.js';

/** A user id from the API (decimal), or undefined for anything else. */
export function parseUserId(raw: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : undefined;
}

/** A user that exists, or 400 error.user.not_found (the reference answers 400 here). */
async function userOr400(db: DbOrTrx, raw: string, allowDeleted = false): Promise<UserRow> {
  const id = parseUserId(raw);
  const user = id ? await findUserById(db, id) : undefined;
  if (!user || (!allowDeleted && user.status === 10)) throw badRequest('error.user.not_found');
  return user;
}

const EMAIL_LIKE = /^[^\s@<>]+@[^\s@<>]+$/;

/** GET users/page: email queries match exactly, `user:<id>` finds one id, other text matches names. */
export async function userPage(ctx: AppContext, q: UserPageQuery) {
  const now = ctx.clock.now();
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
  const [{ count, rows }, roles, users] = await Promise.all([repo.pageUsers(ctx.db, filter), repo.roleNames(ctx.db), ctx.settings.get('users')]);
  const imported = await importedUsers(ctx.db, rows.map((u) => u.id));
  return { count, list: rows.map((u) => presentUserPageItem(u, roles, users, imported.get(u.id))) };
}

/** The end of a suspension (null = until an admin lifts it). */
export function suspendedUntil(duration: SuspendDuration | undefined, now: number): number | null {
  if (!duration || duration === 'forever') return null;
  const hours: Partial<Record<SuspendDuration, number>> = { '24h': 24, '48h': 48, '72h': 72, '7d': 168, '14d': 336 };
  if (hours[duration]) return now + hours[duration]! * 3600;
  const months: Partial<Record<SuspendDuration, number>> = { '1m': 1, '2m': 2, '3m': 3, '6m': 6, '1y': 12 };
  const d = new Date(now * 1000);
  d.setUTCMonth(d.getUTCMonth() + (months[duration] ?? 0));
  return Math.floor(d.getTime() / 1000);
}

/** What a deleted account leaves behind goes: bindings, notifications, settings, badges. */
async function removeUserConfiguration(trx: DbOrTrx, userId: number, now: number): Promise<void> {
  await repo.deleteUserConfiguration(trx, userId);
  await deleteUsersExternalLogins(trx, [userId], now);
  await deleteUserPluginConfigs(trx, [userId], now);
}

/**
 * PUT user/status. Suspending or deleting ends the user's sessions; deleting frees the email by
 * appending .<unix time>; `remove_all_content` soft-deletes their posts; back to normal verifies the
 * email (and grants the activation point to an account that never had it). A deleted account keeps
 * its status (the reference answers success and changes nothing) but its content can still be removed.
 */
export async function updateStatus(ctx: AppContext, session: SessionUser, input: UpdateStatusInput): Promise<void> {
  const id = parseUserId(input.user_id);
  if (id === session.user.id) throw badRequest('error.admin.cannot_modify_self_status');
  const user = await userOr400(ctx.db, input.user_id, true);
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    if (user.status === 10) {
      return input.status === 'deleted' && input.remove_all_content ? removeAllPostsOfTx(trx, user.id, session.user.id, now) : [];
    }
    switch (input.status) {
      case 'inactive':
        await updateUser(trx, user.id, { mail_status: MAIL_STATUS.unverified, updated_at: now });
        break;
      case 'suspended':
        await updateUser(trx, user.id, { status: 9, suspended_at: now, suspended_until: suspendedUntil(input.suspend_duration, now), updated_at: now });
        break;
      case 'deleted':
        await trx.updateTable('user').set({ status: 10, deleted_at: now, suspended_until: null, e_mail: `${user.e_mail}.${now}`, updated_at: now }).where('id', '=', user.id).execute();
        break;
      case 'normal':
        await updateUser(trx, user.id, { status: 1, mail_status: MAIL_STATUS.verified, suspended_until: null, updated_at: now });
        if (user.rank === 0) await grantActivation(trx, user.id, now);
        break;
    }
    // a suspended user's token stays: it answers 403 error.user.suspended {type: suspended}, so a
    // client shows the suspended page (spec section 8) rather than the login page
    if (input.status === 'deleted') await ctx.sessions.revokeAll(user.id, trx);
    const events = input.remove_all_content ? await removeAllPostsOfTx(trx, user.id, session.user.id, now) : [];
    if (input.status === 'deleted') await removeUserConfiguration(trx, user.id, now);
    return events;
  });
  announce(ctx, removed);
}

/** PUT user/role: not one's own; the user's sessions end so the new role applies at once. */
export async function updateRole(ctx: AppContext, session: SessionUser, input: { user_id: string; role_id: number }): Promise<void> {
  if (parseUserId(input.user_id) === session.user.id) throw badRequest('error.user.cannot_update_your_role');
  const user = await userOr400(ctx.db, input.user_id);
  if (!(await repo.roleExists(ctx.db, input.role_id))) throw badRequest('base.request_format_error', [{ field: 'role_id', key: 'validation.one_of', params: { options: '1, 2, 3' } }]);
  await ctx.db.transaction().execute(async (trx) => {
    await setUserRole(trx, user.id, input.role_id);
    await updateUser(trx, user.id, { is_admin: input.role_id === ROLE.admin ? 1 : 0, updated_at: ctx.clock.now() });
    await ctx.sessions.revokeAll(user.id, trx);
  });
}

async function activationUrl(ctx: AppContext, user: UserRow, origin: string): Promise<string> {
  const code = await issueCode(ctx.db, user.id, 'activation', { e_mail: user.e_mail }, ctx.clock.now());
  return `${await linkBase(ctx, origin)}/users/account-activation?code=${code}`;
}

/** GET user/activation: a fresh activation link (earlier ones stop working), for the admin to hand over. */
export async function getActivation(ctx: AppContext, rawId: string, origin: string) {
  const user = await userOr400(ctx.db, rawId);
  return { activation_url: await activationUrl(ctx, user, origin) };
}

/** POST user/activation: mails a fresh activation link to the user. */
export async function sendActivation(ctx: AppContext, rawId: string, origin: string, lang: LanguageCode): Promise<void> {
  const user = await userOr400(ctx.db, rawId);
  await sendAccountMail(ctx, 'activation', user.e_mail, await activationUrl(ctx, user, origin), lang);
}

/** Inserts a verified account with an already hashed password (admin-made accounts start at 1 reputation). */
async function insertVerifiedUser(trx: DbOrTrx, u: { displayName: string; email: string; passHash: string; now: number }): Promise<number> {
  const username = await freeUsername(trx, usernameFromName(u.displayName));
  const id = await insertUser(trx, {
    created_at: u.now,
    updated_at: u.now,
    last_login_date: 0,
    username,
    pass: u.passHash,
    e_mail: u.email,
    mail_status: MAIL_STATUS.verified,
    notice_status: 2,
    rank: 1,
    status: 1,
    display_name: u.displayName.trim(),
    avatar: '',
    language: '',
    color_scheme: '',
    is_admin: 0,
  });
  await upsertNotificationConfig(trx, id, 'inbox', [{ key: 'email', enable: true }], true);
  return id;
}

/** POST user: one verified account. */
export async function addUser(ctx: AppContext, input: AddUserInput): Promise<void> {
  if (await findUserByEmail(ctx.db, input.email)) throw fieldError('error.email.duplicate', 'email');
  if (!isValidUsername(usernameFromName(input.display_name))) throw fieldError('error.user.username_invalid', 'display_name');
  const passHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) throw fieldError('error.email.duplicate', 'email');
    await insertVerifiedUser(trx, { displayName: input.display_name, email: input.email, passHash, now });
  });
}

interface BulkLineError {
  field: string;
  line: number;
  content: string;
  extra_message: string;
}

function bulkError(e: BulkLineError): AppError {
  // the reference's text has a double space when there is no field and a trailing one without extra text
  const params = { field: e.field ? `${e.field} ` : '', line: e.line, content: e.content, extra_message: e.extra_message ? ` ${e.extra_message}` : '' };
  return badRequest('base.request_format_error', [{ field: 'users', key: 'error.user.add_bulk_users_format_error', params }]);
}

/**
 * Parses the bulk text: one `display name, email, password` per line, 1-5000 lines. The first bad
 * line is reported with its number and content; nothing is created unless every line is good.
 */
export function parseBulkUsers(raw: string, lang: LanguageCode): AddUserInput[] {
  const lines = raw.trim().split('\n');
  const out: AddUserInput[] = [];
  for (const [i, line] of lines.entries()) {
    const parts = line.split(',');
    if (parts.length !== 3) throw bulkError({ field: '', line: i + 1, content: line.trim(), extra_message: '' });
    out.push({ display_name: parts[0].trim(), email: parts[1].trim(), password: parts[2].trim() });
  }
  if (out.length === 0 || out.length > LIMITS.bulkUsers.max) {
    throw badRequest('base.request_format_error', [{ field: 'users', key: 'error.user.add_bulk_users_amount_error', params: { max_amount: LIMITS.bulkUsers.max } }]);
  }
  const emails = new Set<string>();
  const names = new Set<string>();
  for (const [i, u] of out.entries()) {
    const line = i + 1;
    const checked = addUserSchema.safeParse(u);
    if (!checked.success) {
      const first = issuesToFields(checked.error.issues)[0];
      const extra = translate(lang, first.key, { label: translate(lang, `field.${first.field}`), ...(first.params ?? {}) });
      throw bulkError({ field: first.field, line, content: `${u.display_name}, ${u.email}, ${u.password}`, extra_message: extra });
    }
    const email = checked.data.email.toLowerCase();
    if (emails.has(email)) throw bulkError({ field: 'email', line, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
    if (names.has(checked.data.display_name)) throw bulkError({ field: 'name', line, content: u.display_name, extra_message: translate(lang, 'error.user.username_duplicate') });
    if (!isValidUsername(usernameFromName(checked.data.display_name))) throw bulkError({ field: 'name', line, content: u.display_name, extra_message: translate(lang, 'error.user.username_invalid') });
    emails.add(email);
    names.add(checked.data.display_name);
    out[i] = checked.data;
  }
  return out;
}

/** POST users: all the lines' accounts or none. */
export async function addUsers(ctx: AppContext, raw: string, lang: LanguageCode): Promise<void> {
  const users = parseBulkUsers(raw, lang);
  for (const [i, u] of users.entries()) {
    if (await findUserByEmail(ctx.db, u.email)) throw bulkError({ field: 'email', line: i + 1, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
  }
  const hashes: string[] = [];
  for (let i = 0; i < users.length; i += 8) hashes.push(...(await Promise.all(users.slice(i, i + 8).map((u) => hashPassword(u.password)))));
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const [i, u] of users.entries()) {
      if (await findUserByEmail(trx, u.email)) throw bulkError({ field: 'email', line: i + 1, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
      await insertVerifiedUser(trx, { displayName: u.display_name, email: u.email, passHash: hashes[i], now });
    }
  });
}

/** PUT user/password: someone else's password; every session of theirs ends. */
export async function updatePassword(ctx: AppContext, session: SessionUser, input: { user_id: string; password: string }): Promise<void> {
  if (parseUserId(input.user_id) === session.user.id) throw badRequest('error.admin.cannot_update_their_password');
  const user = await userOr400(ctx.db, input.user_id);
  const pass = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { pass, updated_at: ctx.clock.now() });
    await ctx.sessions.revokeAll(user.id, trx);
  });
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
    await updateUser(trx, user.id, { display_name: input.display_name, username, e_mail: input.email, mail_status: MAIL_STATUS.verified, updated_at: now });
  });
}

/**
 * DELETE delete/permanently: removes what is already soft-deleted, for good. Users: deleted accounts
 * go; one that posts still point at keeps an empty row (the posts need an author) with its personal
 * data wiped. Questions: with their answers, comments, tags, links, bookmarks and revisions.
 * Answers: with their comments, links, bookmarks and revisions.
 */
export async function deletePermanently(ctx: AppContext, type: 'users' | 'questions' | 'answers'): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (type === 'users') {
      const { bare, withPosts } = await repo.deletedUsers(trx);
      await deleteUsersExternalLogins(trx, [...bare, ...withPosts], now);
      await deleteUserPluginConfigs(trx, [...bare, ...withPosts], now);
      await repo.deleteUserRows(trx, bare);
      await repo.scrubUsers(trx, withPosts, now);
      return;
    }
    if (type === 'questions') {
      const qids = await repo.deletedQuestionIds(trx);
      const answers = await repo.answerIds(trx, { questionIds: qids });
      const aids = answers.map((a) => a.id);
      await repo.purgePostTraces(trx, [...qids, ...aids]);
      await repo.deleteAnswerRows(trx, aids);
      await repo.deleteQuestionRows(trx, qids);
      await repo.recountUserAnswers(trx, [...new Set(answers.map((a) => a.user_id))]);
      return;
    }
    const answers = await repo.answerIds(trx, { deleted: true });
    const aids = answers.map((a) => a.id);
    await repo.purgePostTraces(trx, aids);
    await repo.deleteAnswerRows(trx, aids);
    await repo.resetLastAnswers(trx, aids);
  });
}
