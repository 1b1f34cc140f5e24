import { randomBytes } from 'node:crypto';
import { LIMITS } from '../contract/limits.js';
import { connectDatabase } from '../db/connect.js';
import { systemClock } from '../infra/clock.js';
import { Passwords, type ScryptCost } from '../infra/password/password.js';
import { deleteUserSessions } from '../modules/session/session.repository.js';
import { findUserByEmail, findUserByUsername, updateUser } from '../modules/user/user.repository.js';
import { CliFailure } from './report.js';

/** Whom to reset and to what. */
export interface ResetPasswordInput {
  dataDir: string;
  databaseUrl?: string | null;
  email?: string;
  username?: string;
  /** The new password; undefined makes one. */
  password?: string;
  /** The hash's cost (tests lower it). */
  cost?: ScryptCost;
}

/** What reset-password did. */
export interface ResetPasswordResult {
  user: { id: string; username: string };
  /** The password made for the user, when none was given. */
  generated?: string;
}

/** A new password: 20 characters of letters, digits, - and _ (120 random bits). */
export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}

/** Why a password is refused (the same rules as the API's: 8 to 32 characters, no spaces), or null. */
export function passwordProblem(password: string): string | null {
  const { min, max } = LIMITS.password;
  if ([...password].length < min || [...password].length > max) return `The password must be ${min} to ${max} characters long.`;
  if (/\s/.test(password)) return 'The password must not contain spaces.';
  return null;
}

/**
 * Sets a user's password (found by email or username) and ends every session of theirs, as an admin's
 * password change does: each signed-in browser or app must log in again.
 */
export async function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordResult> {
  const generated = input.password === undefined ? generatePassword() : undefined;
  const password = input.password ?? generated!;
  const problem = passwordProblem(password);
  if (problem) throw new CliFailure(problem);
  const handle = await connectDatabase(input.dataDir, { databaseUrl: input.databaseUrl ?? null });
  const passwords = new Passwords(input.cost);
  try {
    const user = input.email ? await findUserByEmail(handle.db, input.email) : await findUserByUsername(handle.db, input.username ?? '');
    if (!user)
      throw new CliFailure(input.email ? 'There is no user with that email address.' : `There is no user named ${input.username}.`);
    const pass = await passwords.hash(password);
    await handle.db.transaction().execute(async (trx) => {
      await updateUser(trx, user.id, { pass, updated_at: systemClock.now() });
      await deleteUserSessions(trx, user.id);
    });
    return { user: { id: String(user.id), username: user.username }, ...(generated ? { generated } : {}) };
  } finally {
    await passwords.close();
    await handle.close();
  }
}
