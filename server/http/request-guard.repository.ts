import type { Db } from '../db/database.js';

/** Forgets every guard key whose window has passed. */
export async function deleteExpiredGuards(db: Db, now: number): Promise<void> {
  await db.deleteFrom('request_guard').where('expires_at', '<=', now).execute();
}

/** Claims a guard key until expiresAt; false when another request holds it. */
export async function claimGuard(db: Db, key: string, expiresAt: number): Promise<boolean> {
  const inserted = await db
    .insertInto('request_guard')
    .values({ key_hash: key, expires_at: expiresAt })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Releases a guard key. */
export async function releaseGuard(db: Db, key: string): Promise<void> {
  await db.deleteFrom('request_guard').where('key_hash', '=', key).execute();
}
