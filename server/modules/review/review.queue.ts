import type { DbOrTrx } from '../../db/database.js';
import { objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import * as answerRepo from '../answer/answer-common.service.js';
import { resyncSource, restoreQuestionLinks } from '../question/question-links.js';
import * as questionRepo from '../question/question-common.service.js';
import { recountTags, setQuestionTagStatus } from '../tag/tag-common.service.js';
import { ANSWER_STATUS, QUESTION_STATUS, SHOW_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

// Out of the queue: a queued post published. Into it: review-queue/ (the reviewer's decision and the
// review row) and each post's module (question-queue.ts, answer-queue.ts: the post becomes pending).

/** A post that was published: who owns it and its question. */
export interface Published {
  objectType: 'question' | 'answer';
  ownerId: number;
  questionId: string;
}

/**
 * Inside a transaction: a pending question or answer becomes available, back in the counts, tag
 * counts and question links. Undefined when the object is not a pending question or answer.
 */
export async function publishPendingTx(trx: DbOrTrx, objectId: string, siteUrl: string, now: number): Promise<Published | undefined> {
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    const q = await findQuestion(trx, objectId);
    if (!q || q.status !== QUESTION_STATUS.pending) return undefined;
    await questionRepo.updateQuestion(trx, q.id, { status: QUESTION_STATUS.available });
    if (q.show === SHOW_STATUS.shown)
      await recountTags(trx, await setQuestionTagStatus(trx, q.id, [TAG_REL_STATUS.hidden], TAG_REL_STATUS.available, now));
    await restoreQuestionLinks(trx, q.id, siteUrl, now);
    await questionRepo.recountUserQuestions(trx, q.user_id);
    return { objectType: 'question', ownerId: q.user_id, questionId: q.id };
  }
  if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(trx, objectId);
    if (!a || a.status !== ANSWER_STATUS.pending) return undefined;
    await answerRepo.updateAnswer(trx, a.id, { status: ANSWER_STATUS.available });
    await answerRepo.afterAnswerChange(trx, a.question_id, a.user_id, a.id, now, true);
    await resyncSource(trx, { fromQuestionId: a.question_id, fromAnswerId: a.id }, siteUrl, now);
    return { objectType: 'answer', ownerId: a.user_id, questionId: a.question_id };
  }
  return undefined;
}
