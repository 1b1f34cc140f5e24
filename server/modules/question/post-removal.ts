import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { DomainEvent } from '../../infra/events.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import {
  afterAnswerChange,
  clearAcceptance,
  existingAnswerIds,
  liveAnswersOfUser,
  setUserAnswerCount,
  updateAnswer,
} from '../answer/answer-common.service.js';
import { liveCommentsOfUser, recountAnswerComments, removeCommentsOfUser } from '../comment/comment-common.service.js';
import { recountTags, setQuestionTagStatus } from '../tag/tag-common.service.js';
import { removeAnswerLinks, removeQuestionLinks } from './question-links.js';
import { liveQuestionsOfUser, recountUserQuestions, rejectPendingReviews, updateQuestion } from './question.repository.js';
import { ADOPTED, ANSWER_STATUS, QUESTION_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';

/**
 * The one way posts are removed (a soft delete, status 10), whoever removes them: the author, a
 * moderator, the admin lists, an admin removing all of a user's content. Each step runs inside the
 * caller's transaction and returns the events to announce once it has committed (`announce`), so
 * reused list pages, search results, counts, notifications and the review queue follow every removal.
 */
export type RemovalEvent = Extract<DomainEvent, { type: 'post.status' }>;

/** Removes a question: its tags are recounted, its links and queued reviews settle, the removal is on its timeline. */
export async function removeQuestionTx(
  trx: DbOrTrx,
  q: { id: string; user_id: number },
  byUserId: number,
  now: number,
): Promise<RemovalEvent> {
  await updateQuestion(trx, q.id, { status: QUESTION_STATUS.deleted });
  await recountTags(
    trx,
    await setQuestionTagStatus(trx, q.id, [TAG_REL_STATUS.available, TAG_REL_STATUS.hidden], TAG_REL_STATUS.deleted, now),
  );
  await removeQuestionLinks(trx, q.id, now);
  await rejectPendingReviews(trx, q.id, byUserId, now);
  await recountUserQuestions(trx, q.user_id);
  await recordTimeline(trx, { userId: byUserId, objectId: q.id, originalObjectId: q.id, key: 'question.deleted', now });
  return { type: 'post.status', objectId: q.id, objectType: 'question', action: 'deleted', byUserId, ownerId: q.user_id, questionId: q.id };
}

/** Removes an answer: an acceptance goes, the counts follow, its links and queued reviews settle, the removal is on its timeline. */
export async function removeAnswerTx(
  trx: DbOrTrx,
  a: { id: string; question_id: string; user_id: number; adopted: number },
  byUserId: number,
  now: number,
): Promise<RemovalEvent> {
  await updateAnswer(trx, a.id, { status: ANSWER_STATUS.deleted, ...(a.adopted === ADOPTED.accepted ? { adopted: ADOPTED.no } : {}) });
  if (a.adopted === ADOPTED.accepted) await clearAcceptance(trx, a.question_id, a.id);
  await afterAnswerChange(trx, a.question_id, a.user_id, null, now, false);
  await removeAnswerLinks(trx, a.question_id, a.id, now);
  await rejectPendingReviews(trx, a.id, byUserId, now);
  await recordTimeline(trx, { userId: byUserId, objectId: a.id, originalObjectId: a.id, key: 'answer.deleted', now });
  return {
    type: 'post.status',
    objectId: a.id,
    objectType: 'answer',
    action: 'deleted',
    byUserId,
    ownerId: a.user_id,
    questionId: a.question_id,
  };
}

/** Removes every question, answer and comment of a user that is not removed yet (an admin's remove-all-content). */
export async function removeAllPostsOfTx(trx: DbOrTrx, userId: number, byUserId: number, now: number): Promise<RemovalEvent[]> {
  const events: RemovalEvent[] = [];
  const questions = await liveQuestionsOfUser(trx, userId);
  for (const q of questions) events.push(await removeQuestionTx(trx, q, byUserId, now));
  await recountUserQuestions(trx, userId);
  const answers = await liveAnswersOfUser(trx, userId);
  for (const a of answers) events.push(await removeAnswerTx(trx, a, byUserId, now));
  if (answers.length === 0) await setUserAnswerCount(trx, userId, 0);
  const comments = await liveCommentsOfUser(trx, userId);
  if (comments.length) {
    await removeCommentsOfUser(trx, userId, now);
    for (const id of await existingAnswerIds(trx, [...new Set(comments.map((c) => c.object_id))])) await recountAnswerComments(trx, id);
    for (const c of comments)
      events.push({
        type: 'post.status',
        objectId: c.id,
        objectType: 'comment',
        action: 'deleted',
        byUserId,
        ownerId: userId,
        questionId: c.question_id,
      });
  }
  return events;
}

/** Announces removals once their transaction has committed. */
export function announce(ctx: AppContext, events: RemovalEvent[]): void {
  for (const e of events) ctx.events.emit(e);
}
