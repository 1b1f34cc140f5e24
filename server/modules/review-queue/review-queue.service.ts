import type { AppContext } from '../../app-context.js';
import { isLanguage } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import type { ObjectTypeCode } from '../../contract/enums.js';
import { skipsReviewQueue } from '../permission/policy.js';
import { configValues } from '../plugin/plugin.config.js';
import { readPluginConfig } from '../plugin/plugin-common.service.js';
import { pluginStates } from '../plugin/plugin.service.js';
import type { SessionUser } from '../session/session.service.js';
import { countLinks, LANTERN_REVIEWER, REVIEWER_SLUG, reviewerRules } from './review-queue.plugin.js';
import * as repo from './review-queue.repository.js';
import { POST_STATUS } from '../../contract/enums.js';

// The queue's door: whether a new question or answer waits for review, and its review row. It sits
// below question and answer (which put their new posts through it in their creating transaction) and
// review (which settles the queue), and imports none of them.

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
 * Inside the transaction that created a question or an answer, after the post itself became pending
 * (its module's queueQuestionIfNeeded / queueAnswerIfNeeded): the pending review row the reviewers see.
 */
export async function recordQueued(
  trx: DbOrTrx,
  review: PostReview,
  objectId: string,
  objectType: ObjectTypeCode,
  now: number,
): Promise<void> {
  await repo.insertReview(trx, {
    user_id: review.userId,
    object_id: objectId,
    object_type: objectType,
    submitter: review.submitter,
    reason: review.reason,
    now,
  });
}
