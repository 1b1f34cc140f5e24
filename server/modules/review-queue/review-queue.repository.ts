import type { DbOrTrx } from '../../db/database.js';
import type { ObjectTypeCode } from '../../contract/enums.js';
import { ANSWER_STATUS, QUESTION_STATUS, REVIEW_STATUS } from '../../contract/enums.js';

/** Writes a pending review row for a queued post; returns its id. */
export async function insertReview(
  db: DbOrTrx,
  row: { user_id: number; object_id: string; object_type: ObjectTypeCode; submitter: string; reason: string; now: number },
): Promise<number> {
  const { now, ...rest } = row;
  const r = await db
    .insertInto('review')
    .values({ ...rest, status: REVIEW_STATUS.pending, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** How many of a user's questions and answers are published (questions open or closed, answers available). */
export async function countApprovedPosts(db: DbOrTrx, userId: number): Promise<number> {
  const qs = await db
    .selectFrom('question')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
    .executeTakeFirstOrThrow();
  const as = await db
    .selectFrom('answer')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', ANSWER_STATUS.available)
    .executeTakeFirstOrThrow();
  return Number(qs.n) + Number(as.n);
}
