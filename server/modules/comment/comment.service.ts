import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import type { CommentRow } from '../../db/tables/content.table.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { badRequest, fieldError, forbidden, notFound } from '../../http/errors.js';
import { decodeId, idOut, newObjectId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, renderMarkdown } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { readThresholds, requirePermission } from '../permission/permission.service.js';
import {
  MEMBER_ACTION_THRESHOLDS,
  canDeleteComment,
  canSeeHiddenPost,
  commentEditDecision,
  isHiddenStatus,
  isStaff,
  memberActions,
} from '../permission/policy.js';
import type { SessionUser } from '../session/session.service.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user-common.service.js';
import { linkedMentions, linkMentions, mentionCandidates } from './comment.mentions.js';
import { presentComment, presentPersonalComment, presentUpdatedComment, type CommentResp } from './comment.presenter.js';
import * as repo from './comment.repository.js';
import type {
  AddCommentInput,
  CommentPageQuery,
  PersonalCommentPageQuery,
  RemoveCommentInput,
  UpdateCommentInput,
} from './comment.schema.js';
import { POST_STATUS, QUESTION_STATUS } from '../../contract/enums.js';
import { relativeUploadFields } from '../upload/upload-url.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

/** A question or an answer that comments and reactions attach to. */
export interface Post {
  type: 'question' | 'answer';
  id: string;
  ownerId: number;
  questionId: string;
  /** The post's own status. */
  status: number;
  /** The status of the question (the post itself, or the answer's question). */
  questionStatus: number;
}

/** The question or answer behind a long or short id, or undefined. */
export async function findPost(db: DbOrTrx, rawId: string): Promise<Post | undefined> {
  const id = decodeId(rawId);
  const type = id ? objectTypeOf(id) : null;
  if (id && type === OBJECT_TYPE.question) {
    const q = await findQuestion(db, id);
    if (q) return { type: 'question', id, ownerId: q.user_id, questionId: q.id, status: q.status, questionStatus: q.status };
  }
  if (id && type === OBJECT_TYPE.answer) {
    const a = await findAnswer(db, id);
    const q = a ? await findQuestion(db, a.question_id) : undefined;
    if (a) return { type: 'answer', id, ownerId: a.user_id, questionId: a.question_id, status: a.status, questionStatus: q?.status ?? 10 };
  }
  return undefined;
}

/** Whether a post is deleted (itself, or the question of an answer). */
export function postDeleted(post: Post): boolean {
  return post.status === POST_STATUS.deleted || post.questionStatus === QUESTION_STATUS.deleted;
}

/** Deleted and pending posts (or answers of such questions) are seen only by their author and staff. */
export function postVisible(post: Post, session: SessionUser | undefined): boolean {
  if (!isHiddenStatus(post.status) && !isHiddenStatus(post.questionStatus)) return true;
  return canSeeHiddenPost(session, post.ownerId);
}

/**
 * What a new comment means for notifications (built by a later module): who wrote it, on which
 * post, whom it replies to and the existing users it mentions. Nothing is sent here.
 */
export interface CommentCreated {
  commentId: string;
  objectId: string;
  objectType: 'question' | 'answer';
  questionId: string;
  objectOwnerId: number;
  authorId: number;
  replyUserId: number | null;
  replyCommentId: string | null;
  /** Existing users mentioned in the text or named in mention_username_list, in that order. */
  mentionedUsers: { id: number; username: string }[];
  parsedText: string;
}

/** Markdown to HTML with @mentions of existing users linked; also the users mentioned. `account`: the writer (render share). */
export async function renderComment(db: DbOrTrx, source: string, named: string[] = [], account?: string) {
  const base = await renderMarkdown(source, { account });
  const users = await repo.usersByUsernames(db, [...mentionCandidates(base), ...named]);
  const known = new Map(users.map((u) => [u.username.toLowerCase(), u.username]));
  const { html } = linkMentions(base, known);
  const wanted = [...linkedMentions(html), ...named].map((n) => n.toLowerCase());
  const byName = new Map(users.map((u) => [u.username.toLowerCase(), u]));
  const mentioned = [...new Set(wanted)].map((n) => byName.get(n)).filter((u): u is { id: number; username: string } => !!u);
  return { html, mentioned };
}

async function presentMany(ctx: AppContext, session: SessionUser | undefined, rows: CommentRow[]): Promise<CommentResp[]> {
  if (rows.length === 0) return [];
  const usersCfg = await ctx.settings.get('users');
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.flatMap((r) => [r.user_id, r.reply_user_id ?? 0]),
  );
  const voted = session
    ? await repo.votedComments(
        ctx.db,
        session.user.id,
        rows.map((r) => r.id),
      )
    : new Set<string>();
  const thresholds = await readThresholds(ctx, MEMBER_ACTION_THRESHOLDS.comment);
  const now = ctx.clock.now();
  const actionsOf = (c: CommentRow) =>
    memberActions(session, { kind: 'comment', user_id: c.user_id, created_at: c.created_at }, thresholds, now);
  return rows.map((c) => presentComment(c, users, { is_vote: voted.has(c.id), member_actions: actionsOf(c) }));
}

/** An available comment by long or short id, else 404 error.comment.not_found. */
async function availableComment(db: DbOrTrx, rawId: string): Promise<CommentRow> {
  const id = decodeId(rawId);
  const c = id ? await repo.findComment(db, id) : undefined;
  if (!c || c.status !== repo.COMMENT_STATUS.available) throw notFound('error.comment.not_found');
  return c;
}

/** POST comment: the comment as GetCommentResp, and what a notifier needs to know about it. */
export async function addComment(
  ctx: AppContext,
  session: SessionUser,
  sent: AddCommentInput,
): Promise<{ comment: CommentResp; created: CommentCreated }> {
  const input = await relativeUploadFields(ctx, sent, ['original_text']);
  await requirePermission(ctx, session, 'comment.add');
  const uid = session.user.id;
  await checkCaptcha(ctx, 'comment', String(uid), isStaff(session), input);
  const post = await findPost(ctx.db, input.object_id);
  if (!post) throw notFound('error.object.not_found');
  if (postDeleted(post)) throw badRequest('error.object.already_deleted');
  if (!postVisible(post, session)) throw notFound('error.object.not_found');
  let reply: CommentRow | undefined;
  if (input.reply_comment_id) {
    const rid = decodeId(input.reply_comment_id);
    reply = rid ? await repo.findComment(ctx.db, rid) : undefined;
    // the replied comment must be a live comment of the same post
    if (!reply || reply.status !== repo.COMMENT_STATUS.available || reply.object_id !== post.id)
      throw badRequest('error.comment.not_found');
  }
  const { html, mentioned } = await renderComment(ctx.db, input.original_text, input.mention_username_list, String(uid));
  if (isBlankHtml(html)) throw fieldError('error.comment.content_cannot_empty', 'original_text');
  const now = ctx.clock.now();
  const { captcha_id: _i, captcha_code: _c, ...body } = input;
  const id = await onceWithin5Minutes(ctx, guardKey(uid, 'POST /comment', body), now, () =>
    ctx.db.transaction().execute(async (trx) => {
      const cid = await newObjectId(trx, OBJECT_TYPE.comment);
      await repo.insertComment(trx, {
        id: cid,
        user_id: uid,
        reply_user_id: reply ? reply.user_id : null,
        reply_comment_id: reply ? reply.id : null,
        object_id: post.id,
        question_id: post.questionId,
        original_text: input.original_text,
        parsed_text: html,
        now,
      });
      if (post.type === 'answer') await repo.recountAnswerComments(trx, post.id);
      await recordTimeline(trx, {
        userId: uid,
        objectId: cid,
        originalObjectId: post.id,
        key: post.type === 'question' ? 'question.commented' : 'answer.commented',
        now,
      });
      return cid;
    }),
  );
  await ctx.captcha.count('comment', String(uid));
  const row = (await repo.findComment(ctx.db, id))!;
  const [comment] = await presentMany(ctx, session, [row]);
  ctx.events.emit({
    type: 'comment.created',
    commentId: id,
    objectId: post.id,
    questionId: post.questionId,
    userId: uid,
    objectOwnerId: post.ownerId,
    replyUserId: row.reply_user_id,
    mentionedUserIds: mentioned.map((u) => u.id),
  });
  return {
    comment,
    created: {
      commentId: id,
      objectId: post.id,
      objectType: post.type,
      questionId: post.questionId,
      objectOwnerId: post.ownerId,
      authorId: uid,
      replyUserId: row.reply_user_id,
      replyCommentId: row.reply_comment_id,
      mentionedUsers: mentioned,
      parsedText: html,
    },
  };
}

/** PUT comment: the author within 5 minutes, or anyone with the comment.edit privilege (staff). */
export async function updateComment(ctx: AppContext, session: SessionUser, sent: UpdateCommentInput) {
  const input = await relativeUploadFields(ctx, sent, ['original_text']);
  const c = await availableComment(ctx.db, input.comment_id);
  const now = ctx.clock.now();
  const decision = commentEditDecision(session, c, await readThresholds(ctx, ['comment.edit']), now);
  if (decision === 'forbidden') throw forbidden();
  if (decision === 'too_late') throw badRequest('error.comment.cannot_edit_after_deadline');
  const uid = String(session.user.id);
  await checkCaptcha(ctx, 'edit', uid, isStaff(session), input);
  const { html } = await renderComment(ctx.db, input.original_text, [], uid);
  if (isBlankHtml(html)) throw fieldError('error.comment.content_cannot_empty', 'original_text');
  await repo.updateCommentText(ctx.db, c.id, input.original_text, html, now);
  ctx.events.emit({ type: 'comment.edited', commentId: c.id, objectId: c.object_id, userId: session.user.id });
  await ctx.captcha.count('edit', uid);
  return presentUpdatedComment({ id: c.id, original_text: input.original_text, parsed_text: html });
}

/** DELETE comment: the author or anyone with comment.delete (staff); a soft delete (status 10). */
export async function removeComment(ctx: AppContext, session: SessionUser, input: RemoveCommentInput): Promise<void> {
  const c = await availableComment(ctx.db, input.comment_id);
  if (!canDeleteComment(session, c, await readThresholds(ctx, ['comment.delete']))) throw forbidden();
  const uid = String(session.user.id);
  await checkCaptcha(ctx, 'delete', uid, isStaff(session), input);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setCommentStatus(trx, c.id, repo.COMMENT_STATUS.deleted, now);
    if (objectTypeOf(c.object_id) === OBJECT_TYPE.answer) await repo.recountAnswerComments(trx, c.object_id);
  });
  await ctx.captcha.count('delete', uid);
  ctx.events.emit({
    type: 'post.status',
    objectId: c.id,
    objectType: 'comment',
    action: 'deleted',
    byUserId: session.user.id,
    ownerId: c.user_id,
    questionId: c.question_id,
  });
}

/** GET comment: one available comment whose post the viewer may see. */
export async function getComment(ctx: AppContext, session: SessionUser | undefined, rawId: string): Promise<CommentResp> {
  const c = await availableComment(ctx.db, rawId);
  const post = await findPost(ctx.db, c.object_id);
  if (post && !postVisible(post, session)) throw notFound('error.comment.not_found');
  const [resp] = await presentMany(ctx, session, [c]);
  return resp;
}

/** GET comment/page: a post's available comments; comment_id (when it is one of them) comes first. */
export async function commentPage(ctx: AppContext, session: SessionUser | undefined, q: CommentPageQuery) {
  const post = await findPost(ctx.db, q.object_id);
  if (!post || !postVisible(post, session)) throw notFound('error.object.not_found');
  const { count, rows } = await repo.pageObjectComments(ctx.db, {
    objectId: post.id,
    order: q.query_cond,
    page: q.page,
    pageSize: q.page_size,
  });
  const wanted = q.comment_id ? decodeId(q.comment_id) : null;
  if (wanted) {
    const at = rows.findIndex((r) => r.id === wanted);
    const found = at >= 0 ? rows.splice(at, 1)[0] : await repo.findComment(ctx.db, wanted);
    if (found && found.status === repo.COMMENT_STATUS.available && found.object_id === post.id) rows.unshift(found);
  }
  return { count, list: await presentMany(ctx, session, rows) };
}

/** GET personal/comment/page: a user's available comments, newest first, with their posts' titles. */
export async function personalCommentPage(
  ctx: AppContext,
  session: SessionUser | undefined,
  q: PersonalCommentPageQuery,
  lang: LanguageCode,
) {
  let userId: number;
  if (q.username) {
    const user = await findUserByUsername(ctx.db, q.username);
    if (!user) throw notFound('error.user.not_found');
    userId = user.id;
  } else if (session) {
    userId = session.user.id;
  } else {
    throw notFound('error.user.not_found');
  }
  const { count, rows } = await repo.pageUserComments(ctx.db, { userId, page: q.page, pageSize: q.page_size });
  const [heads, seo] = await Promise.all([
    repo.questionHeads(
      ctx.db,
      rows.map((r) => r.question_id),
    ),
    ctx.settings.get('seo'),
  ]);
  const list = rows.map((c) => {
    const onAnswer = objectTypeOf(c.object_id) === OBJECT_TYPE.answer;
    const head = heads.get(c.question_id);
    const title = !head || head.status === QUESTION_STATUS.deleted ? translate(lang, 'question.deleted_title') : head.title;
    return presentPersonalComment(c, {
      objectType: onAnswer ? 'answer' : 'question',
      questionId: idOut(c.question_id, seo.permalink),
      answerId: onAnswer ? idOut(c.object_id, seo.permalink) : '',
      title,
    });
  });
  return { count, list };
}
