import type { Insertable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { ActivityTable } from '../../db/tables/content.table.js';
import { CANCELLED } from '../../contract/enums.js';

/** A user's reputation (the user must exist). */
export async function findUserRank(db: DbOrTrx, userId: number): Promise<number> {
  const user = await db.selectFrom('user').select('rank').where('id', '=', userId).executeTakeFirstOrThrow();
  return user.rank;
}

/** Adds delta (negative to take away) to a user's reputation. */
export async function addUserRank(db: DbOrTrx, userId: number, delta: number): Promise<void> {
  await db
    .updateTable('user')
    .set((eb) => ({ rank: eb('rank', '+', delta) }))
    .where('id', '=', userId)
    .execute();
}

/** The reputation a user's active activities brought since a moment (the daily cap counts it). */
export async function sumActiveRankSince(db: DbOrTrx, userId: number, since: number): Promise<number> {
  const { total } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('cancelled', '=', CANCELLED.active)
    .where('updated_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** The id of the activity of one type by one trigger user on an object for a user, active or not. */
export async function findActivityId(
  db: DbOrTrx,
  a: { userId: number; objectId: string; activityType: number; triggerUserId: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', a.userId)
    .where('object_id', '=', a.objectId)
    .where('activity_type', '=', a.activityType)
    .where('trigger_user_id', '=', a.triggerUserId)
    .executeTakeFirst();
  return row?.id;
}

/** Whether a user has any activity of a type. */
export async function hasActivityOfType(db: DbOrTrx, userId: number, activityType: number): Promise<boolean> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', activityType)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of some activity types a user has active on an object. */
export async function activeTypesOfUser(db: DbOrTrx, userId: number, objectId: string, activityTypes: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('activity')
    .select('activity_type')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('cancelled', '=', CANCELLED.active)
    .where('activity_type', 'in', activityTypes)
    .execute();
  return rows.map((r) => r.activity_type);
}

/** Makes an activity active again with the reputation it now carries. */
export async function reviveActivity(db: DbOrTrx, id: number, rank: number, now: number): Promise<void> {
  await db
    .updateTable('activity')
    .set({ cancelled: CANCELLED.active, cancelled_at: null, rank, has_rank: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Inserts an activity; returns its id. */
export async function insertActivity(db: DbOrTrx, row: Insertable<ActivityTable>): Promise<number> {
  const inserted = await db.insertInto('activity').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** The fields of an activity an undo needs. */
export async function findActivityForCancel(db: DbOrTrx, id: number) {
  return db
    .selectFrom('activity')
    .select(['user_id', 'rank', 'cancelled', 'activity_type', 'object_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks an activity cancelled. */
export async function markActivityCancelled(db: DbOrTrx, id: number, now: number): Promise<void> {
  await db
    .updateTable('activity')
    .set({ cancelled: CANCELLED.cancelled, cancelled_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Active activities of some types on an object. */
export async function activeActivityRows(db: DbOrTrx, objectId: string, activityTypes: number[]) {
  return db
    .selectFrom('activity')
    .select(['id', 'user_id', 'trigger_user_id', 'activity_type', 'rank'])
    .where('object_id', '=', objectId)
    .where('cancelled', '=', CANCELLED.active)
    .where('activity_type', 'in', activityTypes)
    .execute();
}
