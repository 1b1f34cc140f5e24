import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { removeAnswer } from '../answer/answer.service.js';
import { findComment } from '../comment/comment-common.service.js';
import { canModerate } from '../permission/policy.js';
import { pluginRegistry } from '../plugin/plugin.registry.js';
import { removeQuestion } from '../question/question.moderation.js';
import { siteUrlOf } from '../config/site-url.js';
import type { SessionUser } from '../session/session.service.js';
import { questionTags } from '../tag/tag.usage.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentQueuedPost, type PostInfo } from './review.presenter.js';
import { publishPendingTx } from './review.queue.js';
import * as repo from './review.repository.js';
import type { PendingPostPageQuery, UpdateReviewInput } from './review.schema.js';
import { ANSWER_STATUS, QUESTION_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

/** A question, answer or comment (any status) with what the review queues show; undefined when unknown. */
export async function loadPostInfo(db: DbOrTrx, objectId: string, requiredTagOn: boolean): Promise<PostInfo | undefined> {
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    const q = await findQuestion(db, objectId);
    if (!q) return undefined;
    return {
      objectType: 'question',
      objectId: q.id,
      questionId: q.id,
      answerId: '',
      commentId: '',
      title: q.title,
      originalText: q.original_text,
      parsedText: q.parsed_text,
      status: q.status,
      show: q.show,
      createdAt: q.created_at,
      authorId: q.user_id,
      answerCount: q.answer_count,
      answerAccepted: q.accepted_answer_id !== '0',
      tags: (await questionTags(db, [q.id], requiredTagOn)).get(q.id) ?? [],
    };
  }
  if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(db, objectId);
    if (!a) return undefined;
    const q = await findQuestion(db, a.question_id);
    return {
      objectType: 'answer',
      objectId: a.id,
      questionId: a.question_id,
      answerId: a.id,
      commentId: '',
      title: q?.title ?? '',
      originalText: a.original_text,
      parsedText: a.parsed_text,
      status: a.status,
      show: 0,
      createdAt: a.created_at,
      authorId: a.user_id,
      answerCount: 0,
      answerAccepted: q?.accepted_answer_id === a.id,
      tags: [],
    };
  }
  if (type === OBJECT_TYPE.comment) {
    const c = await findComment(db, objectId);
    if (!c) return undefined;
    const q = await findQuestion(db, c.question_id);
    return {
      objectType: 'comment',
      objectId: c.id,
      questionId: c.question_id,
      answerId: objectTypeOf(c.object_id) === OBJECT_TYPE.answer ? c.object_id : '',
      commentId: c.id,
      title: q?.title ?? '',
      originalText: c.original_text,
      parsedText: c.parsed_text,
      status: c.status,
      show: 0,
      createdAt: c.created_at,
      authorId: c.user_id,
      answerCount: 0,
      answerAccepted: false,
      tags: [],
    };
  }
  return undefined;
}

/**
 * GET review/pending/post/page: one queued post per page for staff (others get an empty page, as
 * the reference); object_id narrows the queue to one post.
 */
export async function pendingPostPage(ctx: AppContext, session: SessionUser, q: PendingPostPageQuery) {
  // the reference answers others an empty page; the queue is refused to anyone who cannot act on it
  if (!canModerate(session)) throw forbidden();
  let objectId: string | undefined;
  if (q.object_id) {
    const id = decodeId(q.object_id);
    if (!id) return { count: 0, list: [] };
    objectId = id;
  }
  const { count, rows } = await repo.pagePendingReviews(ctx.db, { objectId, page: q.page, pageSize: 1 });
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const posts = new Map<number, PostInfo>();
  for (const r of rows) {
    const post = await loadPostInfo(ctx.db, r.object_id, write.required_tag);
    if (post) posts.set(r.id, post);
  }
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    [...posts.values()].map((p) => p.authorId),
  );
  const registry = pluginRegistry(ctx);
  const list = rows.flatMap((r) => {
    const post = posts.get(r.id);
    return post ? [presentQueuedPost(r, post, registry.find(r.submitter)?.name ?? r.submitter, users, seo.permalink)] : [];
  });
  return { count, list };
}

/**
 * Publishes a queued question or answer (status 11 → 1) and settles its reviews as approved;
 * false when the object was not waiting. Tells the event bus, which notifies as for a new post.
 */
export async function publishQueued(ctx: AppContext, session: SessionUser, objectId: string): Promise<boolean> {
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const published = await publishPendingTx(trx, objectId, siteUrl, now);
    if (published) await repo.settleReviews(trx, objectId, repo.REVIEW_STATUS.approved, session.user.id, now);
    return published;
  });
  if (!done) return false;
  ctx.events.emit({
    type: 'post.status',
    objectId,
    objectType: done.objectType,
    action: 'approved',
    byUserId: session.user.id,
    ownerId: done.ownerId,
    questionId: done.questionId,
  });
  return true;
}

/** Whether a question or answer is waiting in the queue. */
async function isPending(db: DbOrTrx, objectId: string): Promise<boolean> {
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) return (await findQuestion(db, objectId))?.status === QUESTION_STATUS.pending;
  if (type === OBJECT_TYPE.answer) return (await findAnswer(db, objectId))?.status === ANSWER_STATUS.pending;
  return false;
}

/** Rejects a queued question or answer: it is deleted as staff delete posts, and its reviews settle as rejected. */
export async function rejectQueued(ctx: AppContext, session: SessionUser, objectId: string): Promise<void> {
  if (await isPending(ctx.db, objectId)) {
    if (objectTypeOf(objectId) === OBJECT_TYPE.question) await removeQuestion(ctx, session, { id: objectId });
    else await removeAnswer(ctx, session, { id: objectId });
  }
  await repo.settleReviews(ctx.db, objectId, repo.REVIEW_STATUS.rejected, session.user.id, ctx.clock.now());
  ctx.events.emit({ type: 'review.settled', objectId, approved: false, byUserId: session.user.id });
}

/**
 * PUT review/pending/post (staff): approve publishes the queued post, reject deletes it. A review
 * already settled is left as it is; one whose post was meanwhile deleted or published leaves the
 * queue, and approving it answers 400.
 */
export async function updateReview(ctx: AppContext, session: SessionUser, input: UpdateReviewInput): Promise<void> {
  if (!canModerate(session)) throw forbidden();
  const r = await repo.findReview(ctx.db, input.review_id);
  if (!r) throw notFound('error.object.not_found');
  if (r.status !== repo.REVIEW_STATUS.pending) return;
  if (input.status === 'reject') {
    await rejectQueued(ctx, session, r.object_id);
    return;
  }
  if (await publishQueued(ctx, session, r.object_id)) return;
  await repo.settleReviews(ctx.db, r.object_id, repo.REVIEW_STATUS.rejected, session.user.id, ctx.clock.now());
  ctx.events.emit({ type: 'review.settled', objectId: r.object_id, approved: false, byUserId: session.user.id });
  throw badRequest('error.review.object_gone');
}

/**
 * Keeps the queue honest: a queued post deleted by other means (its author, an admin) settles its
 * reviews as rejected, so the queue counts (reviewing/type) never count posts no longer waiting.
 */
export function settleReviewsOnDelete(ctx: AppContext): void {
  ctx.events.on('post.status', async (e) => {
    if (e.action !== 'deleted') return;
    await repo.settleReviews(ctx.db, e.objectId, repo.REVIEW_STATUS.rejected, e.byUserId, ctx.clock.now());
    ctx.events.emit({ type: 'review.settled', objectId: e.objectId, approved: false, byUserId: e.byUserId });
  });
}
