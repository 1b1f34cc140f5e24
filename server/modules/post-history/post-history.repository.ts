import type { ObjectTypeCode, RevisionStatus } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import type { RevisionRow } from '../../db/tables/content.table.js';
import { REVISION_STATUS } from '../../contract/enums.js';

// A post's history: the timeline entries (activity rows of no reputation) and the revisions that
// every content module writes inside its own transaction, and the reads of them the others need.

/** Inserts an activity row of the timeline (no reputation). */
export async function insertTimelineEntry(
  db: DbOrTrx,
  e: {
    userId: number;
    triggerUserId: number;
    objectId: string;
    originalObjectId: string;
    activityType: number;
    revisionId: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      created_at: e.now,
      updated_at: e.now,
      cancelled_at: null,
      user_id: e.userId,
      trigger_user_id: e.triggerUserId,
      object_id: e.objectId,
      original_object_id: e.originalObjectId,
      activity_type: e.activityType,
      revision_id: e.revisionId,
    })
    .execute();
}

/** Writes a revision; returns its id. */
export async function insertRevision(
  db: DbOrTrx,
  row: {
    user_id: number;
    object_type: ObjectTypeCode;
    object_id: string;
    title: string;
    content: string;
    log: string;
    status: RevisionStatus;
    now: number;
  },
): Promise<number> {
  const { now, ...rest } = row;
  const r = await db
    .insertInto('revision')
    .values({ ...rest, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** A revision by id. */
export async function findRevision(db: DbOrTrx, id: number): Promise<RevisionRow | undefined> {
  return db.selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The pending suggested edit of an object, if any. */
export async function pendingRevision(db: DbOrTrx, objectId: string): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', '=', REVISION_STATUS.pending)
    .orderBy('id')
    .executeTakeFirst();
}

/** The newest applied revision of an object. */
export async function latestApplied(db: DbOrTrx, objectId: string): Promise<RevisionRow | undefined> {
  return db
    .selectFrom('revision')
    .selectAll()
    .where('object_id', '=', objectId)
    .where('status', 'in', [REVISION_STATUS.normal, REVISION_STATUS.approved])
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
