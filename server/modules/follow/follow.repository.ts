import type { DbOrTrx } from '../../db/database.js';
import { CANCELLED } from '../../contract/enums.js';

/** Follows are activity rows: user_id follows object_id; activity_type tells what is followed. */

/** A user's follow row of an object (active or cancelled). */
export async function findFollow(db: DbOrTrx, userId: number, objectId: string, type: number) {
  return db
    .selectFrom('activity')
    .select(['id', 'cancelled'])
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('activity_type', '=', type)
    .executeTakeFirst();
}

/** Starts (or revives) a follow; returns whether anything changed. */
export async function startFollow(db: DbOrTrx, userId: number, objectId: string, type: number, now: number): Promise<boolean> {
  const row = await findFollow(db, userId, objectId, type);
  if (row && row.cancelled === CANCELLED.active) return false;
  if (row) {
    await db
      .updateTable('activity')
      .set({ cancelled: CANCELLED.active, cancelled_at: null, updated_at: now })
      .where('id', '=', row.id)
      .execute();
  } else {
    await db
      .insertInto('activity')
      .values({
        created_at: now,
        updated_at: now,
        cancelled_at: null,
        user_id: userId,
        trigger_user_id: 0,
        object_id: objectId,
        original_object_id: objectId,
        activity_type: type,
      })
      .execute();
  }
  return true;
}

/** Ends a follow; returns whether anything changed. */
export async function stopFollow(db: DbOrTrx, userId: number, objectId: string, type: number, now: number): Promise<boolean> {
  const row = await findFollow(db, userId, objectId, type);
  if (!row || row.cancelled === CANCELLED.cancelled) return false;
  await db
    .updateTable('activity')
    .set({ cancelled: CANCELLED.cancelled, cancelled_at: now, updated_at: now })
    .where('id', '=', row.id)
    .execute();
  return true;
}

/** Active followers of an object. */
export async function countFollowers(db: DbOrTrx, objectId: string, type: number): Promise<number> {
  const { n } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .where('activity_type', '=', type)
    .where('cancelled', '=', CANCELLED.active)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Ids a user actively follows, of one kind, oldest follow first. */
export async function followedIds(db: DbOrTrx, userId: number, type: number): Promise<string[]> {
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', type)
    .where('cancelled', '=', CANCELLED.active)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.object_id);
}

/** Which of the given ids the user actively follows. */
export async function followedAmong(db: DbOrTrx, userId: number, type: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', type)
    .where('cancelled', '=', CANCELLED.active)
    .where('object_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.object_id));
}

/** Stores the follower count on the followed object. */
export async function storeFollowCount(db: DbOrTrx, table: 'question' | 'tag' | 'user', id: string, count: number): Promise<void> {
  if (table === 'user') await db.updateTable('user').set({ follow_count: count }).where('id', '=', Number(id)).execute();
  else await db.updateTable(table).set({ follow_count: count }).where('id', '=', id).execute();
}

/** Moves the follows of one object to another; a user following both keeps one follow. */
export async function moveFollowers(db: DbOrTrx, fromId: string, toId: string, type: number, now: number): Promise<void> {
  const rows = await db
    .selectFrom('activity')
    .select(['id', 'user_id', 'cancelled'])
    .where('object_id', '=', fromId)
    .where('activity_type', '=', type)
    .execute();
  for (const row of rows) {
    const existing = await findFollow(db, row.user_id, toId, type);
    if (!existing) {
      await db
        .updateTable('activity')
        .set({ object_id: toId, original_object_id: toId, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      continue;
    }
    if (row.cancelled === CANCELLED.active && existing.cancelled === CANCELLED.cancelled)
      await db
        .updateTable('activity')
        .set({ cancelled: CANCELLED.active, cancelled_at: null, updated_at: now })
        .where('id', '=', existing.id)
        .execute();
    await db.deleteFrom('activity').where('id', '=', row.id).execute();
  }
}
