import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';

/** Stores a session (token hashes only). */
export async function insertSession(
  db: DbOrTrx,
  row: { token_hash: string; visit_token_hash: string; user_id: number; created_at: number; expires_at: number },
): Promise<void> {
  await db.insertInto('user_session').values(row).execute();
}

/** The live session's user and role for a token hash, or undefined. */
export async function findSessionUser(
  db: DbOrTrx,
  tokenHash: string,
  now: number,
): Promise<{ user: UserRow; role_id: number } | undefined> {
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('user as u', 'u.id', 's.user_id')
    .leftJoin('user_role_rel as r', 'r.user_id', 'u.id')
    .selectAll('u')
    .select('r.role_id')
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const { role_id, ...user } = row;
  return { user: user as UserRow, role_id: role_id ?? 1 };
}

/** Whether a visit token (cookie) belongs to a live session. */
export async function visitTokenIsLive(db: DbOrTrx, visitHash: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_session')
    .select('user_id')
    .where('visit_token_hash', '=', visitHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes one session. */
export async function deleteSession(db: DbOrTrx, tokenHash: string): Promise<void> {
  await db.deleteFrom('user_session').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session of a user, optionally keeping one. */
export async function deleteUserSessions(db: DbOrTrx, userId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('user_session').where('user_id', '=', userId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

/** Removes expired sessions. */
export async function deleteExpiredSessions(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom('user_session').where('expires_at', '<=', now).execute();
}
