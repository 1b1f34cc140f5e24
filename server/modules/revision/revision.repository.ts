import type { DbOrTrx } from '../../db/database.js';
import type { ObjectTypeCode, RevisionStatus } from '../../contract/enums.js';
import type { RevisionRow } from '../../db/tables/content.table.js';
import { CANCELLED, REPORT_STATUS, REVIEW_STATUS, REVISION_STATUS } from '../../contract/enums.js';

/** Revision statuses (the reference's values). */
export { REVISION_STATUS };

/** The applied revisions of an object (created, edited, approved), newest first. */
export async function appliedRevisions(db: DbOrTrx, objectId: string): Promise<RevisionRow[]> {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', 'in', [REVISION_STATUS.normal, REVISION_STATUS.approved])
    .orderBy('id', 'desc')
    .execute();
}

/** Pending suggestions of some object types, oldest first: total and one page. */
export async function pageUnreviewed(db: DbOrTrx, objectTypes: ObjectTypeCode[], page: number, pageSize: number) {
  if (objectTypes.length === 0) return { count: 0, rows: [] as RevisionRow[] };
  const count = await countUnreviewed(db, objectTypes);
  const rows = await pending(db, objectTypes)
    .selectAll()
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { count, rows };
}

/** How many suggested edits of these kinds wait for review (read from revision_pending_idx alone). */
export async function countUnreviewed(db: DbOrTrx, objectTypes: ObjectTypeCode[]): Promise<number> {
  if (objectTypes.length === 0) return 0;
  const { n } = await pending(db, objectTypes)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Revisions of these kinds waiting for review. */
function pending(db: DbOrTrx, objectTypes: ObjectTypeCode[]) {
  return db.selectFrom('revision').where('status', '=', REVISION_STATUS.pending).where('object_type', 'in', objectTypes);
}

/** Settles a pending revision (approved or rejected) by a reviewer; false when it was no longer pending. */
export async function settleRevision(db: DbOrTrx, id: number, status: RevisionStatus, reviewerId: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('revision')
    .set({ status, review_user_id: reviewerId, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', REVISION_STATUS.pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** An active activity of a type for a user on an object. */
export async function activeActivityOf(db: DbOrTrx, userId: number, objectId: string, activityType: number) {
  return db
    .selectFrom('activity')
    .select(['id'])
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('activity_type', '=', activityType)
    .where('cancelled', '=', CANCELLED.active)
    .executeTakeFirst();
}

/** Points an activity at the revision it rewards. */
export async function setActivityRevision(db: DbOrTrx, activityId: number, revisionId: number): Promise<void> {
  await db.updateTable('activity').set({ revision_id: revisionId }).where('id', '=', activityId).execute();
}

/** Queued posts waiting for review. */
export async function countPendingQueue(db: DbOrTrx): Promise<number> {
  const { n } = await db
    .selectFrom('review')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', REVIEW_STATUS.pending)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Flags waiting for review. */
export async function countPendingFlags(db: DbOrTrx): Promise<number> {
  const { n } = await db
    .selectFrom('report')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', REPORT_STATUS.pending)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether another tag already uses a slug. */
export async function slugTakenByOther(db: DbOrTrx, slug: string, tagId: string): Promise<boolean> {
  const row = await db.selectFrom('tag').select('id').where('slug_name', '=', slug).where('id', '!=', tagId).executeTakeFirst();
  return !!row;
}

/** Applies an approved tag revision to the tag row. */
export async function applyTagRevision(
  db: DbOrTrx,
  id: string,
  patch: { slug_name?: string; display_name: string; original_text: string; parsed_text: string; revision_id: number; now: number },
): Promise<void> {
  const { now, ...rest } = patch;
  await db
    .updateTable('tag')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .execute();
  if (rest.slug_name) await db.updateTable('tag').set({ main_tag_slug_name: rest.slug_name }).where('main_tag_id', '=', id).execute();
}
