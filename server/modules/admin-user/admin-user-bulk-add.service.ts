import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { LIMITS, MAIL_STATUS } from '../../contract/limits.js';
import { NOTICE_STATUS, USER_STATUS } from '../../contract/enums.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import { AppError, badRequest, fieldError } from '../../http/errors.js';
import { issuesToFields } from '../../http/validate.js';
import { freeUsername, isValidUsername, usernameFromName } from '../user/user.accounts.js';
import { findUserByEmail, insertUser, upsertNotificationConfig } from '../user/user-common.service.js';
import { addUserSchema, type AddUserInput } from './admin-user.schema.js';

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
    notice_status: NOTICE_STATUS.off,
    rank: 1,
    status: USER_STATUS.available,
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
  const passHash = await ctx.passwords.hash(input.password);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email)) throw fieldError('error.email.duplicate', 'email');
    return insertVerifiedUser(trx, { displayName: input.display_name, email: input.email, passHash, now });
  });
  ctx.events.emit({ type: 'user.registered', userId: id });
}

interface BulkLineError {
  field: string;
  line: number;
  content: string;
  extra_message: string;
}

function bulkError(e: BulkLineError): AppError {
  // the reference's text has a double space when there is no field and a trailing one without extra text
  const params = {
    field: e.field ? `${e.field} ` : '',
    line: e.line,
    content: e.content,
    extra_message: e.extra_message ? ` ${e.extra_message}` : '',
  };
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
    throw badRequest('base.request_format_error', [
      { field: 'users', key: 'error.user.add_bulk_users_amount_error', params: { max_amount: LIMITS.bulkUsers.max } },
    ]);
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
    if (emails.has(email))
      throw bulkError({ field: 'email', line, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
    if (names.has(checked.data.display_name))
      throw bulkError({ field: 'name', line, content: u.display_name, extra_message: translate(lang, 'error.user.username_duplicate') });
    if (!isValidUsername(usernameFromName(checked.data.display_name)))
      throw bulkError({ field: 'name', line, content: u.display_name, extra_message: translate(lang, 'error.user.username_invalid') });
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
    if (await findUserByEmail(ctx.db, u.email))
      throw bulkError({ field: 'email', line: i + 1, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
  }
  const hashes: string[] = [];
  for (let i = 0; i < users.length; i += 8)
    hashes.push(...(await Promise.all(users.slice(i, i + 8).map((u) => ctx.passwords.hash(u.password)))));
  const now = ctx.clock.now();
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const made: number[] = [];
    for (const [i, u] of users.entries()) {
      if (await findUserByEmail(trx, u.email))
        throw bulkError({ field: 'email', line: i + 1, content: u.email, extra_message: translate(lang, 'error.email.duplicate') });
      made.push(await insertVerifiedUser(trx, { displayName: u.display_name, email: u.email, passHash: hashes[i], now }));
    }
    return made;
  });
  for (const userId of ids) ctx.events.emit({ type: 'user.registered', userId });
}
