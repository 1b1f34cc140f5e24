import type { DbOrTrx } from '../../db/database.js';
import { OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { findAnswer } from '../post/post.repository.js';
import { updateQuestion } from '../question/question-common.service.js';
import { removeAnswerLinks } from '../question/question-links.js';
import { recordQueued, type PostReview } from '../review-queue/review-queue.service.js';
import * as repo from './answer.repository.js';
import { ANSWER_STATUS, POST_STATUS } from '../../contract/enums.js';

/**
 * Inside the transaction that just created an answer (stored available): when the reviewer queued
 * it, the answer becomes pending (11) with a review row, and it leaves its question's counts and the
 * question links it was added to. Returns the answer's id.
 */
export async function queueAnswerIfNeeded(trx: DbOrTrx, review: PostReview, answerId: string, now: number): Promise<string> {
  if (review.status !== POST_STATUS.pending) return answerId;
  const a = await findAnswer(trx, answerId);
  if (!a) return answerId;
  await repo.updateAnswer(trx, answerId, { status: ANSWER_STATUS.pending });
  await updateQuestion(trx, a.question_id, { last_answer_id: await repo.latestAvailableAnswerId(trx, a.question_id) });
  await repo.afterAnswerChange(trx, a.question_id, a.user_id, null, now, false);
  await removeAnswerLinks(trx, a.question_id, answerId, now);
  await recordQueued(trx, review, answerId, OBJECT_TYPE.answer, now);
  return answerId;
}
