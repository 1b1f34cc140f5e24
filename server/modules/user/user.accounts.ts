import { randomBytes } from 'node:crypto';
import type { MailStatus, RoleId } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import { ROLE } from '../../contract/limits.js';
import { NOTICE_STATUS, USER_STATUS } from '../../contract/enums.js';
import { findUserByUsername, insertUser, setUserRole, upsertNotificationConfig } from './user.repository.js';

/**
 * Whether an address may register (or claim, or sign in through a connector) under the login
 * settings' allowed domains: a listed domain or one of its subdomains; none listed allows all.
 * The reference's raw suffix match also let badexample.com in.
 */
export function emailDomainAllowed(email: string, domains: string[]): boolean {
  if (domains.length === 0) return true;
  const domain = email.split('@').pop()!.toLowerCase();
  return domains.some((d) => domain === d.toLowerCase() || domain.endsWith(`.${d.toLowerCase()}`));
}

/** Usernames nobody may take (routes and staff-looking names). */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'moderator',
  'root',
  'system',
  'support',
  'help',
  'api',
  'answer',
  'lantern',
  'settings',
  'login',
  'logout',
  'register',
  'signup',
  'account-recovery',
  'account-activation',
  'change-email',
  'password-reset',
  'confirm-new-email',
  'confirm-email',
  'account-suspended',
  'notifications',
  'auth-landing',
  'unsubscribe',
  'null',
  'undefined',
  'anonymous',
  'staff',
]);

/** The username the reference derives from a display name: lower case, spaces to '-'. */
export function usernameFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '');
}

/** Whether a username is well formed and not reserved. */
export function isValidUsername(username: string): boolean {
  return /^[a-z0-9._-]{2,30}$/.test(username) && !RESERVED_USERNAMES.has(username);
}

/** A free username based on `wanted`, appending 4 random hex characters until unused. */
export async function freeUsername(db: DbOrTrx, wanted: string, allowReserved = false): Promise<string> {
  let candidate = wanted.slice(0, 30);
  const valid = allowReserved ? /^[a-z0-9._-]{2,30}$/.test(candidate) : isValidUsername(candidate);
  if (!valid) candidate = `user-${randomBytes(3).toString('hex')}`;
  for (let i = 0; i < 20; i++) {
    if (!(await findUserByUsername(db, candidate))) return candidate;
    candidate = `${wanted.slice(0, 25)}${randomBytes(2).toString('hex')}`;
  }
  return `user-${randomBytes(6).toString('hex')}`;
}

/** What a new account starts with. */
export interface NewAccount {
  displayName: string;
  email: string;
  /** ctx.passwords.hash's result, computed before any transaction opens (hashing takes ~80 ms). */
  passHash: string;
  username?: string;
  mailStatus: MailStatus;
  rank: number;
  roleId?: RoleId;
  language?: string;
  now: number;
  /** Staff accounts made by install or an admin may take reserved names such as 'admin'. */
  allowReservedUsername?: boolean;
}

/** Creates an account with its role and default notification settings; returns the id. */
export async function createAccount(db: DbOrTrx, a: NewAccount): Promise<number> {
  const username = a.username ?? (await freeUsername(db, usernameFromName(a.displayName), a.allowReservedUsername));
  const id = await insertUser(db, {
    created_at: a.now,
    updated_at: a.now,
    last_login_date: 0,
    username,
    pass: a.passHash,
    e_mail: a.email,
    mail_status: a.mailStatus,
    notice_status: NOTICE_STATUS.off,
    rank: a.rank,
    status: USER_STATUS.available,
    display_name: a.displayName.trim(),
    avatar: '',
    language: a.language ?? '',
    color_scheme: '',
    is_admin: a.roleId === ROLE.admin ? 1 : 0,
  });
  if (a.roleId && a.roleId !== ROLE.user) await setUserRole(db, id, a.roleId);
  await upsertNotificationConfig(db, id, 'inbox', [{ key: 'email', enable: true }], true);
  return id;
}
