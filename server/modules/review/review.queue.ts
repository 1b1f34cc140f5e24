import type { AppContext } from '../../app-context.js';
import { isLanguage } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import { objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import * as answerRepo from '../answer/answer-common.service.js';
import { skipsReviewQueue } from '../permission/policy.js';
import { configValues } from '../plugin/plugin.config.js';
import { readPluginConfig } from '../plugin/plugin-common.service.js';
import { pluginStates } from '../plugin/plugin.service.js';
import { removeAnswerLinks, removeQuestionLinks, resyncSource, restoreQuestionLinks } from '../question/question-links.js';
import * as questionRepo from '../question/question-common.service.js';
import type { SessionUser } from '../session/session.service.js';
import { recountTags, setQuestionTagStatus } from '../tag/tag-common.service.js';
import { countLinks, LANTERN_REVIEWER, REVIEWER_SLUG, reviewerRules } from './review.plugin.js';
import * as repo from './review.repository.js';
import { ANSWER_STATUS, POST_STATUS, QUESTION_STATUS, SHOW_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

/** What the reviewer decided for a new post: published at once (status 1) or queued (status 11). */
export interface PostReview {
  status: typeof POST_STATUS.available | typeof POST_STATUS.pending;
  userId: number;
  /** Why it waits (shown to reviewers); '' when published. */
  reason: string;
  /** The slug of the plugin that queued it. */
  submitter: string;
}

/**
 * Asks the reviewer plugin (when an admin switched it on) about a new question or answer by the
 * session's user, given its rendered HTML. Staff posts are never queued. Call before the
 * transaction that creates the post; pass the result to queueIfNeeded inside it.
 */
export async function initialStatusFor(ctx: AppContext, session: SessionUser, html: string): Promise<PostReview> {
  const published: PostReview = { status: POST_STATUS.available, userId: session.user.id, reason: '', submitter: '' };
  if (skipsReviewQueue(session)) return published;
  if (!(await pluginStates(ctx)).get(REVIEWER_SLUG)) return published;
  const rules = reviewerRules(configValues(LANTERN_REVIEWER.configFields ?? [], await readPluginConfig(ctx.db, REVIEWER_SLUG)));
  const siteLang = (await ctx.settings.get('interface')).language;
  const lang = isLanguage(siteLang) ? siteLang : 'en_US';
  const queued = (reason: string): PostReview => ({
    status: POST_STATUS.pending,
    userId: session.user.id,
    reason,
    submitter: REVIEWER_SLUG,
  });
  if (rules.reputationBelow !== null && rules.firstPosts !== null && session.user.rank < rules.reputationBelow) {
    const approved = await repo.countApprovedPosts(ctx.db, session.user.id);
    if (approved < rules.firstPosts)
      return queued(translate(lang, 'plugin.lantern_reviewer.reason.new_user', { rank: rules.reputationBelow, count: rules.firstPosts }));
  }
  if (rules.maxLinks !== null) {
    const links = countLinks(html);
    if (links > rules.maxLinks) return queued(translate(lang, 'plugin.lantern_reviewer.reason.links', { links, max: rules.maxLinks }));
  }
  return published;
}

/**
 * Inside the transaction that just created a question or an answer (stored available): when the
 * reviewer queued it, the post becomes pending (11) with a review row, and it leaves the counts,
 * tag counts and question links it was added to. Returns the object id.
 */
export async function queueIfNeeded(trx: DbOrTrx, review: PostReview, objectId: string, now: number): Promise<string> {
  if (review.status !== POST_STATUS.pending) return objectId;
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    await questionRepo.updateQuestion(trx, objectId, { status: QUESTION_STATUS.pending });
    await recountTags(trx, await setQuestionTagStatus(trx, objectId, [TAG_REL_STATUS.available], TAG_REL_STATUS.hidden, now));
    await removeQuestionLinks(trx, objectId, now);
    await questionRepo.recountUserQuestions(trx, review.userId);
  } else if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(trx, objectId);
    if (!a) return objectId;
    await answerRepo.updateAnswer(trx, objectId, { status: ANSWER_STATUS.pending });
    await questionRepo.updateQuestion(trx, a.question_id, { last_answer_id: await repo.latestAvailableAnswerId(trx, a.question_id) });
    await answerRepo.afterAnswerChange(trx, a.question_id, a.user_id, null, now, false);
    await removeAnswerLinks(trx, a.question_id, objectId, now);
  } else return objectId;
  await repo.insertReview(trx, {
    user_id: review.userId,
    object_id: objectId,
    object_type: type,
    submitter: review.submitter,
    reason: review.reason,
    now,
  });
  return objectId;
}

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
