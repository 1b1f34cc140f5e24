import type { AppContext } from '../../app-context.js';
import { isHttpUrl } from '../../http/fields.js';
import type { LanguageCode } from '../../contract/languages.js';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { decodeId, newObjectId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { updateAnswerSchema } from '../answer/answer.schema.js';
import { removeAnswer, updateAnswer } from '../answer/answer.service.js';
import { findComment } from '../comment/comment-common.service.js';
import { updateCommentSchema } from '../comment/comment.schema.js';
import { findPost, removeComment, updateComment } from '../comment/comment.service.js';
import { requirePermission } from '../permission/permission.service.js';
import { canModerate, isStaff } from '../permission/policy.js';
import { extractQuestionRefs } from '../question/question-links.js';
import { closeQuestionSchema, updateQuestionSchema } from '../question/question.schema.js';
import { closeQuestion, operateQuestion, removeQuestion } from '../question/question.moderation.js';
import { siteUrlOf } from '../config/site-url.js';
import { updateQuestion } from '../question/question.write.js';
import { listReasons } from '../reason/reason.service.js';
import type { PostInfo } from '../review/review.presenter.js';
import { loadPostInfo } from '../review/review.service.js';
import type { SessionUser } from '../session/session.service.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentFlag, type FlagReason } from './report.presenter.js';
import * as repo from './report.repository.js';
import type { AddReportInput, ReviewReportInput } from './report.schema.js';
import { COMMENT_STATUS, POST_STATUS, QUESTION_STATUS } from '../../contract/enums.js';
import { findQuestion } from '../post/post.repository.js';

type Kind = 'question' | 'answer' | 'comment';
const KIND: Record<number, Kind> = { [OBJECT_TYPE.question]: 'question', [OBJECT_TYPE.answer]: 'answer', [OBJECT_TYPE.comment]: 'comment' };

/** The post a flag names: its kind, owner, and whether it (or the question it belongs to) is deleted or queued. */
interface Flagged {
  kind: Kind;
  id: string;
  ownerId: number;
  deleted: boolean;
  pending: boolean;
}

async function flaggedObject(ctx: AppContext, rawId: string): Promise<Flagged> {
  const id = decodeId(rawId);
  const kind = id ? KIND[objectTypeOf(id) ?? 0] : undefined;
  if (!id || !kind) throw badRequest('error.object.not_found');
  if (kind === 'comment') {
    const c = await findComment(ctx.db, id);
    const post = c ? await findPost(ctx.db, c.object_id) : undefined;
    if (!c || !post) throw notFound('error.object.not_found');
    return {
      kind,
      id,
      ownerId: c.user_id,
      deleted:
        c.status === COMMENT_STATUS.deleted || post.status === POST_STATUS.deleted || post.questionStatus === QUESTION_STATUS.deleted,
      pending:
        c.status === COMMENT_STATUS.pending || post.status === POST_STATUS.pending || post.questionStatus === QUESTION_STATUS.pending,
    };
  }
  const post = await findPost(ctx.db, id);
  if (!post) throw notFound('error.object.not_found');
  return {
    kind,
    id,
    ownerId: post.ownerId,
    deleted: post.status === POST_STATUS.deleted || post.questionStatus === QUESTION_STATUS.deleted,
    pending: post.status === POST_STATUS.pending || post.questionStatus === QUESTION_STATUS.pending,
  };
}

/** A duplicate flag's content must be the URL of another question of this site that is open or closed. */
async function checkDuplicateUrl(ctx: AppContext, content: string, flaggedId: string): Promise<void> {
  if (!isHttpUrl(content)) throw fieldError('error.common.invalid_url', 'content');
  const ref = extractQuestionRefs(` ${content}`, await siteUrlOf(ctx)).find((r) => r.kind === 'url');
  const targetId = ref ? decodeId(ref.raw) : null;
  const target = targetId && objectTypeOf(targetId) === OBJECT_TYPE.question ? await findQuestion(ctx.db, targetId) : undefined;
  if (!target || target.id === flaggedId || (target.status !== QUESTION_STATUS.available && target.status !== QUESTION_STATUS.closed))
    throw fieldError('error.report.duplicate_url_invalid', 'content');
}

/**
 * POST report: flags a question, answer or comment with one of the flag reasons of its kind.
 * Needs report.add (and a captcha when the action record asks for one). Refused: posts that are
 * deleted, the caller's own posts, and a second flag while the caller's first one still waits
 * (the reference accepts the last two). Reasons with a text box need a remark; a duplicate
 * needs the URL of another question of this site.
 */
export async function addReport(ctx: AppContext, session: SessionUser, input: AddReportInput, lang: LanguageCode): Promise<void> {
  await requirePermission(ctx, session, 'report.add');
  const uid = session.user.id;
  const staff = isStaff(session);
  await checkCaptcha(ctx, 'report', String(uid), staff, input);
  const obj = await flaggedObject(ctx, input.object_id);
  if (obj.pending && !staff) throw notFound('error.object.not_found');
  if (obj.deleted) throw badRequest('error.object.already_deleted');
  if (obj.ownerId === uid) throw badRequest('error.report.own_post');
  const reason = (await listReasons(ctx, { object_type: obj.kind, action: 'flag' }, lang)).find((r) => r.reason_type === input.report_type);
  if (!reason) throw fieldError('error.report.not_found', 'report_type');
  const content = input.content ?? '';
  if (reason.content_type && content === '') throw fieldError('error.report.content_required', 'content');
  if (reason.reason_key === 'reason.a_duplicate') await checkDuplicateUrl(ctx, content, obj.id);
  if (await repo.pendingReportBy(ctx.db, uid, obj.id)) throw badRequest('error.report.already_reported');
  const now = ctx.clock.now();
  const reportId = await ctx.db.transaction().execute(async (trx) => {
    const id = await newObjectId(trx, OBJECT_TYPE.report);
    await repo.insertReport(trx, {
      id,
      user_id: uid,
      object_id: obj.id,
      reported_user_id: obj.ownerId,
      object_type: OBJECT_TYPE[obj.kind],
      report_type: input.report_type,
      content,
      now,
    });
    return id;
  });
  await ctx.captcha.count('report', String(uid));
  ctx.events.emit({ type: 'report.created', reportId, objectId: obj.id, objectType: obj.kind, userId: uid });
}

/** The flag's reason as the reasons list shows it (only the id when the reason is no longer offered). */
async function flagReason(ctx: AppContext, kind: Kind, reportType: number, lang: LanguageCode): Promise<FlagReason> {
  const found = (await listReasons(ctx, { object_type: kind, action: 'flag' }, lang)).find((r) => r.reason_type === reportType);
  return found ?? { reason_key: '', reason_type: reportType, name: '', description: '', content_type: '', placeholder: '' };
}

/** GET report/unreviewed/post: one waiting flag per page for staff (others get an empty page, as the reference). */
export async function unreviewedFlags(ctx: AppContext, session: SessionUser, page: number, lang: LanguageCode) {
  // the reference answers others an empty page; the queue is refused to anyone who cannot act on it
  if (!canModerate(session)) throw forbidden();
  const { count, rows } = await repo.pagePendingReports(ctx.db, page, 1);
  const [seo, write, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('write'), ctx.settings.get('users')]);
  const found: { r: (typeof rows)[number]; post: PostInfo; reason: FlagReason }[] = [];
  for (const r of rows) {
    const post = await loadPostInfo(ctx.db, r.object_id, write.required_tag);
    if (post) found.push({ r, post, reason: await flagReason(ctx, post.objectType, r.report_type, lang) });
  }
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    found.flatMap((f) => [f.post.authorId, f.r.user_id]),
  );
  return { count, list: found.map((f) => presentFlag(f.r, f.post, f.reason, users, seo.permalink)) };
}

const notForThisPost = () => fieldError('error.report.operation_not_allowed', 'operation_type');

/** Carries out a flag's operation on its post through the services that own those actions. */
async function applyOperation(ctx: AppContext, session: SessionUser, post: PostInfo, input: ReviewReportInput): Promise<void> {
  const op = input.operation_type;
  const id = post.objectId;
  if (op === 'delete_post' && post.status === POST_STATUS.deleted) return;
  if (post.objectType === 'question') {
    if (op === 'close_post')
      await closeQuestion(ctx, session, parseInput(closeQuestionSchema, { id, close_type: input.close_type, close_msg: input.close_msg }));
    else if (op === 'delete_post') await removeQuestion(ctx, session, { id });
    else if (op === 'unlist_post') await operateQuestion(ctx, session, { id, operation: 'hide' });
    else
      await updateQuestion(
        ctx,
        session,
        parseInput(updateQuestionSchema, {
          id,
          title: input.title,
          content: input.content,
          tags: input.tags ?? [],
          edit_summary: input.edit_summary,
        }),
      );
    return;
  }
  if (op === 'close_post' || op === 'unlist_post') throw notForThisPost();
  if (post.objectType === 'answer') {
    if (op === 'delete_post') await removeAnswer(ctx, session, { id });
    else
      await updateAnswer(
        ctx,
        session,
        parseInput(updateAnswerSchema, { id, question_id: post.questionId, content: input.content, edit_summary: input.edit_summary }),
      );
    return;
  }
  if (op === 'delete_post') await removeComment(ctx, session, { comment_id: id });
  else await updateComment(ctx, session, parseInput(updateCommentSchema, { comment_id: id, original_text: input.content }));
}

/**
 * PUT report/review (staff): ignore_report sets the flag aside; the other operations edit, close,
 * delete or unlist the post through the usual services (their checks and errors apply) and then
 * complete the flag. Deleting completes every waiting flag of that post. A flag no longer
 * waiting is left as it is. Close and unlist are for questions only (the reference silently does
 * nothing for other posts and still completes the flag).
 */
export async function reviewReport(ctx: AppContext, session: SessionUser, input: ReviewReportInput): Promise<void> {
  if (!canModerate(session)) throw forbidden();
  const id = decodeId(input.flag_id);
  const flag = id && objectTypeOf(id) === OBJECT_TYPE.report ? await repo.findReport(ctx.db, id) : undefined;
  if (!flag) throw notFound('error.report.not_found');
  if (flag.status !== repo.REPORT_STATUS.pending) return;
  const now = ctx.clock.now();
  if (input.operation_type === 'ignore_report') {
    await repo.settleReport(ctx.db, flag.id, repo.REPORT_STATUS.ignored, now);
    ctx.events.emit({ type: 'report.handled', reportId: flag.id, objectId: flag.object_id, byUserId: session.user.id });
    return;
  }
  const post = await loadPostInfo(ctx.db, flag.object_id, false);
  if (!post) throw new AppError(400, 'error.report.handle_failed');
  await applyOperation(ctx, session, post, input);
  if (input.operation_type === 'delete_post') await repo.settleReportsOf(ctx.db, flag.object_id, repo.REPORT_STATUS.completed, now);
  else await repo.settleReport(ctx.db, flag.id, repo.REPORT_STATUS.completed, now);
  ctx.events.emit({ type: 'report.handled', reportId: flag.id, objectId: flag.object_id, byUserId: session.user.id });
}
