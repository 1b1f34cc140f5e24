import { greater } from '../../db/portable.js';
import type { DbOrTrx } from '../../db/database.js';

/**
 * The meta key holding the reputation an imported account brought from its site (one row per user,
 * object_id = the user id, value = the points). The reputation tab lists it as one entry, so the
 * entries add up to the reputation shown; its updated_at is the date of the import that set it.
 */
export const IMPORTED_REPUTATION_KEY = 'stackexchange.reputation';
/** The meta key marking an imported object with its source "<host>/<kind>/<id>" (as the importer writes it). */
const SOURCE_KEY = 'stackexchange.source';

/** Records the reputation a new imported account starts with (its rank is set by the caller). */
export async function recordImportedReputation(db: DbOrTrx, userId: number, reputation: number, now: number): Promise<void> {
  await db
    .insertInto('meta')
    .values({ object_id: String(userId), key: IMPORTED_REPUTATION_KEY, value: String(reputation), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doUpdateSet({ value: String(reputation), updated_at: now }))
    .execute();
}

/**
 * A repeated import of an account already imported: when the dump's reputation differs from the
 * one recorded, the record and the account's reputation move by the difference (what the account
 * earned here stays; never below 1). An account imported before the record existed gets it.
 */
export async function syncImportedReputation(db: DbOrTrx, userId: number, reputation: number, now: number): Promise<void> {
  const wanted = Math.max(1, reputation);
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', String(userId))
    .where('key', '=', IMPORTED_REPUTATION_KEY)
    .executeTakeFirst();
  if (row && Number(row.value) === wanted) return;
  await recordImportedReputation(db, userId, wanted, now);
  if (!row) return;
  const delta = wanted - Number(row.value);
  if (Number.isSafeInteger(delta) && delta !== 0) {
    await db
      .updateTable('user')
      .set((eb) => ({ rank: greater(db, eb.lit(1), eb('rank', '+', delta)) }))
      .where('id', '=', userId)
      .execute();
  }
}

/** The imported reputation of an account and the site it came from, or undefined. */
export async function importedReputation(
  db: DbOrTrx,
  userId: number,
): Promise<{ reputation: number; site: string; at: number } | undefined> {
  const rows = await db
    .selectFrom('meta')
    .select(['key', 'value', 'updated_at'])
    .where('object_id', '=', String(userId))
    .where('key', 'in', [IMPORTED_REPUTATION_KEY, SOURCE_KEY])
    .execute();
  const rep = rows.find((r) => r.key === IMPORTED_REPUTATION_KEY);
  const reputation = rep ? Number(rep.value) : NaN;
  if (!rep || !Number.isSafeInteger(reputation) || reputation === 0) return undefined;
  const source = rows.find((r) => r.key === SOURCE_KEY)?.value ?? '';
  return { reputation, site: source.split('/')[0] ?? '', at: rep.updated_at };
}
