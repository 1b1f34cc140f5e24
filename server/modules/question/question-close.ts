import type { AppContext } from '../../app-context.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { siteUrlOf } from '../config/site-url.js';
import { resyncSource } from './question-links.js';
import * as repo from './question.repository.js';
import { QUESTION_STATUS } from '../../contract/enums.js';

/**
 * The one way a question is closed or reopened, whoever does it: a moderator's PUT question/status
 * (with a close reason) or PUT question/reopen, and the admin list's status switch (closed without a
 * reason, available reopens). The status, the close reason, the links, the timeline and the event the
 * notifications and webhooks follow are written here only; callers check permission and state first.
 */
export type CloseReason = { close_type: number; close_msg: string } | null;

/** Closes a question (with a reason, or none: a reason left from before goes) and announces it after commit. */
export async function closeQuestionAs(
  ctx: AppContext,
  byUserId: number,
  q: { id: string; user_id: number },
  reason: CloseReason,
): Promise<void> {
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: QUESTION_STATUS.closed });
    if (reason) await repo.saveCloseReason(trx, q.id, reason, now);
    else await repo.deleteCloseReason(trx, q.id);
    await resyncSource(trx, { fromQuestionId: q.id }, siteUrl, now);
    await recordTimeline(trx, { userId: byUserId, objectId: q.id, originalObjectId: q.id, key: 'question.closed', now });
  });
  announceStatus(ctx, byUserId, q, 'closed');
}

/** Reopens a closed question: it becomes available, its close reason goes; announced after commit. */
export async function reopenQuestionAs(ctx: AppContext, byUserId: number, q: { id: string; user_id: number }): Promise<void> {
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateQuestion(trx, q.id, { status: QUESTION_STATUS.available });
    await repo.deleteCloseReason(trx, q.id);
    await resyncSource(trx, { fromQuestionId: q.id }, siteUrl, now);
    await recordTimeline(trx, { userId: byUserId, objectId: q.id, originalObjectId: q.id, key: 'question.reopened', now });
  });
  announceStatus(ctx, byUserId, q, 'reopened');
}

function announceStatus(ctx: AppContext, byUserId: number, q: { id: string; user_id: number }, action: 'closed' | 'reopened'): void {
  ctx.events.emit({ type: 'post.status', objectId: q.id, objectType: 'question', action, byUserId, ownerId: q.user_id, questionId: q.id });
}
