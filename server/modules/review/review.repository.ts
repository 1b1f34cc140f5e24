import type { DbOrTrx } from '../../db/database.js';
import type { ObjectTypeCode, ReviewStatus } from '../../contract/enums.js';
import { OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { ANSWER_STATUS, COMMENT_STATUS, QUESTION_STATUS, REVIEW_STATUS } from '../../contract/enums.js';

/** Review (queued post) statuses, the reference's values. */
export { REVIEW_STATUS };

/** A review row by id. */
export async function findReview(db: DbOrTrx, id: number) {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
}

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

/** Settles the pending reviews of an object (approved or rejected) by a reviewer. */
export async function settleReviews(db: DbOrTrx, objectId: string, status: ReviewStatus, reviewerId: number, now: number): Promise<void> {
  await db
    .updateTable('review')
    .set({ status, reviewer_user_id: reviewerId, updated_at: now })
    .where('object_id', '=', objectId)
    .where('status', '=', REVIEW_STATUS.pending)
    .execute();
}

/**
 * Pending reviews whose post is still waiting (status 11), oldest first: total and one page.
 * Reviews of posts deleted or published by other means are left out.
 */
export async function pagePendingReviews(db: DbOrTrx, q: { objectId?: string; page: number; pageSize: number }) {
  let base = db
    .selectFrom('review as r')
    .where('r.status', '=', REVIEW_STATUS.pending)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('r.object_type', '=', OBJECT_TYPE.question),
          eb.exists(
            eb
              .selectFrom('question as q')
              .select('q.id')
              .whereRef('q.id', '=', 'r.object_id')
              .where('q.status', '=', QUESTION_STATUS.pending),
          ),
        ]),
        eb.and([
          eb('r.object_type', '=', OBJECT_TYPE.answer),
          eb.exists(
            eb.selectFrom('answer as a').select('a.id').whereRef('a.id', '=', 'r.object_id').where('a.status', '=', ANSWER_STATUS.pending),
          ),
        ]),
        eb.and([
          eb('r.object_type', '=', OBJECT_TYPE.comment),
          eb.exists(
            eb
              .selectFrom('comment as c')
              .select('c.id')
              .whereRef('c.id', '=', 'r.object_id')
              .where('c.status', '=', COMMENT_STATUS.pending),
          ),
        ]),
      ]),
    );
  if (q.objectId !== undefined) base = base.where('r.object_id', '=', q.objectId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('r')
    .orderBy('r.id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(n), rows };
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

/** The newest available answer of a question, '0' when there is none. */
export async function latestAvailableAnswerId(db: DbOrTrx, questionId: string): Promise<string> {
  const row = await db
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? '0';
}
