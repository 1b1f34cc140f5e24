import type { DbOrTrx } from '../../db/database.js';
import { ACTIVITY_TYPE, type ActivityKey } from '../../contract/enums.js';
import { insertTimelineEntry } from './post-history.repository.js';

/** Writes a timeline entry (question.asked, answer.answered, question.closed, tag.created ...). */
export async function recordTimeline(
  db: DbOrTrx,
  e: {
    userId: number;
    objectId: string;
    originalObjectId: string;
    key: ActivityKey;
    revisionId?: number;
    triggerUserId?: number;
    now: number;
  },
): Promise<void> {
  await insertTimelineEntry(db, {
    userId: e.userId,
    triggerUserId: e.triggerUserId ?? 0,
    objectId: e.objectId,
    originalObjectId: e.originalObjectId,
    activityType: ACTIVITY_TYPE[e.key],
    revisionId: e.revisionId ?? 0,
    now: e.now,
  });
}
