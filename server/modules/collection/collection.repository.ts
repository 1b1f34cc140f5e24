import type { DbOrTrx } from '../../db/database.js';
import { QUESTION_STATUS } from '../../contract/enums.js';

/** The user's default bookmark group, created on first use. */
export async function defaultGroupId(db: DbOrTrx, userId: number, now: number): Promise<number> {
  const found = await db
    .selectFrom('collection_group')
    .select('id')
    .where('user_id', '=', userId)
    .where('default_group', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('collection_group')
    .values({ user_id: userId, name: 'default', default_group: 1, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's bookmark of an object. */
export async function findCollection(db: DbOrTrx, userId: number, objectId: string) {
  return db.selectFrom('collection').select('id').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
}

/** Adds a bookmark. */
export async function insertCollection(
  db: DbOrTrx,
  row: { id: string; user_id: number; object_id: string; group_id: number; now: number },
): Promise<void> {
  await db
    .insertInto('collection')
    .values({
      id: row.id,
      user_id: row.user_id,
      object_id: row.object_id,
      user_collection_group_id: row.group_id,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

/** Removes a bookmark. */
export async function deleteCollection(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('collection').where('id', '=', id).execute();
}

/** Recounts a question's bookmarks into collection_count; returns the count. */
export async function recountQuestionCollections(db: DbOrTrx, questionId: string): Promise<number> {
  const { n } = await db
    .selectFrom('collection')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', questionId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('question')
    .set({ collection_count: Number(n) })
    .where('id', '=', questionId)
    .execute();
  return Number(n);
}

/** One page of a user's bookmarked questions, newest bookmark first; others' questions awaiting review are left out. */
export async function pageCollectedQuestions(db: DbOrTrx, userId: number, page: number, pageSize: number) {
  const base = db
    .selectFrom('collection as c')
    .innerJoin('question as q', 'q.id', 'c.object_id')
    .where('c.user_id', '=', userId)
    .where((eb) => eb.or([eb('q.status', '!=', QUESTION_STATUS.pending), eb('q.user_id', '=', userId)]));
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('q')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count: Number(count), rows };
}
