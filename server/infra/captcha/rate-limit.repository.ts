import type { Db } from '../../db/database.js';

/** The live (unexpired) counters among `keys`: key hash, count, window end. */
export async function liveCounters(db: Db, keys: string[], now: number) {
  if (keys.length === 0) return [];
  return db
    .selectFrom('rate_limit')
    .select(['key_hash', 'count', 'expires_at'])
    .where('key_hash', 'in', keys)
    .where('expires_at', '>', now)
    .execute();
}

/**
 * Counts one attempt against a key in one statement and returns the new count: a counter whose
 * window has ended starts a new window at 1, else it goes up by one (safe with several processes
 * counting at once). With `max`, a live counter already at `max` is left alone and undefined is
 * returned: the key had no attempt left. The row serialises concurrent takers (SQLite's single
 * writer, PostgreSQL's row lock), so no more than `max` are ever taken in a window.
 */
export async function countAttempt(
  db: Db,
  key: string,
  now: number,
  windowSeconds: number,
  max = Number.MAX_SAFE_INTEGER,
): Promise<number | undefined> {
  const row = await db
    .insertInto('rate_limit')
    .values({ key_hash: key, count: 1, expires_at: now + windowSeconds })
    .onConflict((oc) =>
      oc
        .column('key_hash')
        .doUpdateSet((eb) => ({
          count: eb
            .case()
            .when('rate_limit.expires_at', '<=', now)
            .then(1)
            .else(eb('rate_limit.count', '+', 1))
            .end(),
          expires_at: eb
            .case()
            .when('rate_limit.expires_at', '<=', now)
            .then(eb.ref('excluded.expires_at'))
            .else(eb.ref('rate_limit.expires_at'))
            .end(),
        }))
        .where((eb) => eb.or([eb('rate_limit.expires_at', '<=', now), eb('rate_limit.count', '<', max)])),
    )
    .returning('count')
    .executeTakeFirst();
  return row ? Number(row.count) : undefined;
}

/** Gives back one attempt taken from a live counter. */
export async function giveBackAttempt(db: Db, key: string, now: number): Promise<void> {
  await db
    .updateTable('rate_limit')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key_hash', '=', key)
    .where('count', '>', 0)
    .where('expires_at', '>', now)
    .execute();
}

/** Moves a counter's window end (a wait that outgrows the window). */
export async function setCounterEnd(db: Db, key: string, expiresAt: number): Promise<void> {
  await db.updateTable('rate_limit').set({ expires_at: expiresAt }).where('key_hash', '=', key).execute();
}

/** Forgets a key's counter. */
export async function forgetCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limit').where('key_hash', '=', key).execute();
}

/** Deletes every counter whose window has ended. */
export async function deleteEndedCounters(db: Db, now: number): Promise<void> {
  await db.deleteFrom('rate_limit').where('expires_at', '<=', now).execute();
}
