import type { DbOrTrx } from '../../db/database.js';

/** Config rows by key (reasons are referenced by config id). */
export async function configRows(db: DbOrTrx, keys: string[]) {
  if (keys.length === 0) return [];
  return db.selectFrom('config').select(['id', 'key', 'value']).where('key', 'in', keys).execute();
}
