import type { DbOrTrx } from '../../db/database.js';
import { OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { recordQueued, type PostReview } from '../review-queue/review-queue.service.js';
import { recountTags, setQuestionTagStatus } from '../tag/tag-common.service.js';
import { removeQuestionLinks } from './question-links.js';
import * as repo from './question.repository.js';
import { POST_STATUS, QUESTION_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';

/**
 * Inside the transaction that just created a question (stored available): when the reviewer queued
 * it, the question becomes pending (11) with a review row, and it leaves the counts, tag counts and
 * question links it was added to. Returns the question's id.
 */
export async function queueQuestionIfNeeded(trx: DbOrTrx, review: PostReview, questionId: string, now: number): Promise<string> {
  if (review.status !== POST_STATUS.pending) return questionId;
  await repo.updateQuestion(trx, questionId, { status: QUESTION_STATUS.pending });
  await recountTags(trx, await setQuestionTagStatus(trx, questionId, [TAG_REL_STATUS.available], TAG_REL_STATUS.hidden, now));
  await removeQuestionLinks(trx, questionId, now);
  await repo.recountUserQuestions(trx, review.userId);
  await recordQueued(trx, review, questionId, OBJECT_TYPE.question, now);
  return questionId;
}
