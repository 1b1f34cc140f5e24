import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { EmailCodeRow, EmailCodeTable } from '../../db/tables/user.table.js';

/** Deletes a user's codes of one action. */
export async function deleteUserCodes(db: DbOrTrx, userId: number, action: string): Promise<void> {
  await db.deleteFrom('email_code').where('user_id', '=', userId).where('action', '=', action).execute();
}

/** Stores a code (by its hash). */
export async function insertCode(db: DbOrTrx, row: Insertable<EmailCodeTable>): Promise<void> {
  await db.insertInto('email_code').values(row).execute();
}

/** An unused, unexpired code of an action by its hash. */
export async function findLiveCode(db: DbOrTrx, hash: string, action: string, now: number): Promise<EmailCodeRow | undefined> {
  return db
    .selectFrom('email_code')
    .selectAll()
    .where('code_hash', '=', hash)
    .where('action', '=', action)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Marks a code used. */
export async function markCodeUsed(db: DbOrTrx, hash: string, now: number): Promise<void> {
  await db.updateTable('email_code').set({ used_at: now }).where('code_hash', '=', hash).execute();
}

/** Deletes the codes that can no longer be used: expired, or used already. */
export async function deleteDeadCodes(db: DbOrTrx, now: number): Promise<void> {
  await db
    .deleteFrom('email_code')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute();
}
