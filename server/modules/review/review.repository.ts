import type { DbOrTrx } from '../../db/database.js';
import type { ReviewStatus } from '../../contract/enums.js';
import { OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { ANSWER_STATUS, COMMENT_STATUS, QUESTION_STATUS, REVIEW_STATUS } from '../../contract/enums.js';

/** Review (queued post) statuses, the reference's values. */
export { REVIEW_STATUS };

/** A review row by id. */
export async function findReview(db: DbOrTrx, id: number) {
  return db.selectFrom('review').selectAll().where('id', '=', id).executeTakeFirst();
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
