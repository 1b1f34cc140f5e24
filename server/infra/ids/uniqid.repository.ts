import type { DbOrTrx } from '../../db/database.js';

/** The next value of the one global uniqid counter, recorded with the object type it serves. */
export async function nextUniqid(db: DbOrTrx, type: number): Promise<number> {
  const row = await db.insertInto('uniqid').values({ uniqid_type: type }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
