import type { DbOrTrx } from '../../db/database.js';
import { USER_STATUS } from '../../contract/enums.js';

/** The meta key of an object's reactions: {"reactions":[{"emoji","user_ids":[...]}]}. */
export const REACTION_META_KEY = 'object.react.summary';

/** The value of one meta row, or undefined. */
export async function findMetaValue(db: DbOrTrx, objectId: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('object_id', '=', objectId).where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes one meta row (insert or replace the value). */
export async function upsertMeta(db: DbOrTrx, objectId: string, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('meta')
    .values({ object_id: objectId, key, value, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doUpdateSet({ value, updated_at: now }))
    .execute();
}

/** Usernames of users that are not deleted, by id. */
export async function usernamesById(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('user')
    .select(['id', 'username'])
    .where('id', 'in', unique)
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
