import type { DbOrTrx } from '../../db/database.js';
import { ACTIVITY_TYPE, type ActivityKey } from './activity-types.js';

/** Writes a timeline entry (question.asked, answer.answered, question.closed, tag.created ...). */
export async function recordTimeline(
  db: DbOrTrx,
  e: { userId: number; objectId: string; originalObjectId: string; key: ActivityKey; revisionId?: number; triggerUserId?: number; now: number },
): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      created_at: e.now,
      updated_at: e.now,
      cancelled_at: null,
      user_id: e.userId,
      trigger_user_id: e.triggerUserId ?? 0,
      object_id: e.objectId,
      original_object_id: e.originalObjectId,
      activity_type: ACTIVITY_TYPE[e.key],
      revision_id: e.revisionId ?? 0,
    })
    .execute();
}
