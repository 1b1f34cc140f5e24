import type { Db } from '../db/database.js';

/** Forgets every guard key whose window has passed. */
export async function deleteExpiredGuards(db: Db, now: number): Promise<void> {
  await db.deleteFrom('request_guard').where('expires_at', '<=', now).execute();
}

/** Claims a guard key until expiresAt; false when another request holds it (a claim not yet expired at `now`). */
export async function claimGuard(db: Db, key: string, now: number, expiresAt: number): Promise<boolean> {
  const inserted = await db
    .insertInto('request_guard')
    .values({ key_hash: key, expires_at: expiresAt })
    // an expired claim is taken over: expired rows are deleted only now and then
    .onConflict((oc) =>
      oc
        .column('key_hash')
        .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') }))
        .where('request_guard.expires_at', '<=', now),
    )
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Releases a guard key. */
export async function releaseGuard(db: Db, key: string): Promise<void> {
  await db.deleteFrom('request_guard').where('key_hash', '=', key).execute();
}
