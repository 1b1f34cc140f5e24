import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import type { AnswerRow } from '../../db/tables/content.table.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, keepsAttribution, renderMarkdown } from '../../infra/markdown/render.js';
import { recordTimeline } from '../post-history/post-history.service.js';
import { readThresholds, requirePermission } from '../permission/permission.service.js';
import {
  MEMBER_ACTION_THRESHOLDS,
  canAcceptAnswer,
  canSeeAllPosts,
  canSeeHiddenPost,
  canSeePost,
  deleteBlockedByActivity,
  editsWithoutReview,
  isStaff,
  memberActions,
} from '../permission/policy.js';
import { announce, removeAnswerTx } from '../question/post-removal.js';
import { resyncSource, syncQuestionLinks } from '../question/question-links.js';
import { questionInfo } from '../question/question.read.js';
import { siteUrlOf } from '../config/site-url.js';
import { insertRevision, pendingRevision } from '../post-history/post-history-common.service.js';
import { answerSnapshotJson, type AnswerSnapshot } from '../post-history/revision.snapshot.js';
import { activeTypesOfUser } from '../rank/rank-common.service.js';
import { activeActivities, cancelActivity, changeRank, emitRankMoves, type RankMove } from '../rank/rank.service.js';
import type { SessionUser } from '../session/session.service.js';
import { initialStatusFor } from '../review-queue/review-queue.service.js';
import { queueAnswerIfNeeded } from './answer-queue.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentAnswer } from './answer.presenter.js';
import * as repo from './answer.repository.js';
import type { AddAnswerInput, AnswerPageQuery, UpdateAnswerInput } from './answer.schema.js';
import { ACTIVITY_TYPE, ADOPTED, ANSWER_STATUS, QUESTION_STATUS, REVISION_STATUS } from '../../contract/enums.js';
import type { MemberAction, VoteStatus } from '../../contract/api/common.js';
import type { AnswerWithQuestion } from '../../contract/api/answer.js';
import type { EditResult } from '../../contract/api/question.js';
import { relativeUploadFields } from '../upload/upload-url.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

async function viewerOf(
  ctx: AppContext,
  session: SessionUser | undefined,
  a: { id: string; user_id: number; status: number },
): Promise<{ collected: boolean; vote_status: VoteStatus; member_actions: MemberAction[] }> {
  if (!session) return { collected: false, vote_status: '', member_actions: [] };
  const votes = await activeTypesOfUser(ctx.db, session.user.id, a.id, [
    ACTIVITY_TYPE['answer.vote_up'],
    ACTIVITY_TYPE['answer.vote_down'],
  ]);
  const up = votes.includes(ACTIVITY_TYPE['answer.vote_up']);
  const down = votes.includes(ACTIVITY_TYPE['answer.vote_down']);
  const thresholds = await readThresholds(ctx, MEMBER_ACTION_THRESHOLDS.answer);
  const actions = memberActions(session, { kind: 'answer', user_id: a.user_id, status: a.status }, thresholds, ctx.clock.now());
  return { collected: false, vote_status: up ? 'vote_up' : down ? 'vote_down' : '', member_actions: actions };
}

async function present(ctx: AppContext, session: SessionUser | undefined, rows: Awaited<ReturnType<typeof findAnswer>>[]) {
  const list = rows.filter((r): r is NonNullable<typeof r> => !!r);
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    list.flatMap((a) => [a.user_id, a.last_edit_user_id]),
  );
  return Promise.all(list.map(async (a) => presentAnswer(a, users, await viewerOf(ctx, session, a), seo.permalink)));
}

/** Inside a transaction: inserts an available answer with its revision, links, counters and timeline. */
export async function addAnswerTx(
  trx: DbOrTrx,
  o: { questionId: string; userId: number; content: string; html: string; siteUrl: string; now: number },
): Promise<string> {
  const aid = await newObjectId(trx, OBJECT_TYPE.answer);
  await repo.insertAnswer(trx, {
    id: aid,
    question_id: o.questionId,
    user_id: o.userId,
    original_text: o.content,
    parsed_text: o.html,
    now: o.now,
  });
  const linked = await syncQuestionLinks(trx, {
    fromQuestionId: o.questionId,
    fromAnswerId: aid,
    html: o.html,
    siteUrl: o.siteUrl,
    now: o.now,
  });
  const revisionId = await insertRevision(trx, {
    user_id: o.userId,
    object_type: OBJECT_TYPE.answer,
    object_id: aid,
    title: '',
    content: answerSnapshotJson({ id: aid, question_id: o.questionId, content: o.content, html: linked.html }),
    log: '',
    status: REVISION_STATUS.normal,
    now: o.now,
  });
  await repo.updateAnswer(trx, aid, { revision_id: revisionId, parsed_text: linked.html });
  await repo.afterAnswerChange(trx, o.questionId, o.userId, aid, o.now);
  await recordTimeline(trx, { userId: o.userId, objectId: aid, originalObjectId: aid, key: 'answer.answered', revisionId, now: o.now });
  await recordTimeline(trx, { userId: o.userId, objectId: aid, originalObjectId: o.questionId, key: 'question.answered', now: o.now });
  return aid;
}

/** POST answer. */
export async function addAnswer(ctx: AppContext, session: SessionUser, sent: AddAnswerInput) {
  const input = await relativeUploadFields(ctx, sent, ['content']);
  await requirePermission(ctx, session, 'answer.add');
  await checkCaptcha(ctx, 'answer', String(session.user.id), isStaff(session), input);
  const qid = decodeId(input.question_id);
  const question = qid ? await findQuestion(ctx.db, qid) : undefined;
  if (!question || question.status === QUESTION_STATUS.pending) throw notFound('error.question.not_found');
  if (question.status !== QUESTION_STATUS.available) throw badRequest('error.answer.question_closed_cannot_add');
  if ((await ctx.settings.get('write')).restrict_answer && (await repo.userHasAnswered(ctx.db, question.id, session.user.id)))
    throw new AppError(403, 'error.answer.restrict_answer');
  const html = await renderMarkdown(input.content, { account: String(session.user.id) });
  if (isBlankHtml(html)) throw badRequest('base.request_format_error', [{ field: 'content', key: 'error.answer.content_cannot_empty' }]);
  const now = ctx.clock.now();
  const siteUrl = await siteUrlOf(ctx);
  const body = { question_id: question.id, content: input.content };
  const review = await initialStatusFor(ctx, session, html);
  const id = await onceWithin5Minutes(ctx, guardKey(session.user.id, 'POST /answer', body), now, () =>
    ctx.db
      .transaction()
      .execute(async (trx) =>
        queueAnswerIfNeeded(
          trx,
          review,
          await addAnswerTx(trx, { questionId: question.id, userId: session.user.id, content: input.content, html, siteUrl, now }),
          now,
        ),
      ),
  );
  await ctx.captcha.count('answer', String(session.user.id));
  const out = await answerInfo(ctx, session, id);
  ctx.events.emit({
    type: 'answer.created',
    answerId: id,
    questionId: question.id,
    userId: session.user.id,
    questionOwnerId: question.user_id,
    status: out.info.status,
  });
  return out;
}

/**
 * Applies an answer revision (a direct edit or an approved suggestion): text, editor (only when not
 * the author), the question's activity time, links and the timeline entry.
 */
export async function applyAnswerRevision(
  trx: DbOrTrx,
  a: AnswerRow,
  snap: AnswerSnapshot,
  o: { editorId: number; revisionId: number; siteUrl: string; now: number },
): Promise<void> {
  const linked =
    a.status === ANSWER_STATUS.available
      ? await syncQuestionLinks(trx, { fromQuestionId: a.question_id, fromAnswerId: a.id, html: snap.html, siteUrl: o.siteUrl, now: o.now })
      : { html: snap.html };
  await repo.updateAnswer(trx, a.id, {
    original_text: snap.content,
    parsed_text: linked.html,
    updated_at: o.now,
    revision_id: o.revisionId,
    ...(o.editorId !== a.user_id ? { last_edit_user_id: o.editorId } : {}),
  });
  await repo.touchQuestion(trx, a.question_id, o.now);
  await recordTimeline(trx, {
    userId: o.editorId,
    objectId: a.id,
    originalObjectId: a.id,
    key: 'answer.edited',
    revisionId: o.revisionId,
    now: o.now,
  });
}

/** An answer by a long or short id, or 404. */
async function answerOr404(ctx: AppContext, rawId: string): Promise<AnswerRow> {
  const id = decodeId(rawId);
  const a = id ? await findAnswer(ctx.db, id) : undefined;
  if (!a) throw notFound('error.answer.not_found');
  return a;
}

/**
 * PUT answer: the owner, staff and users with answer.edit_without_review edit at once; others with
 * answer.edit leave a suggested edit. question_id must name an existing question; the answer's own
 * question is the one whose activity time moves.
 */
export async function updateAnswer(ctx: AppContext, session: SessionUser, sent: UpdateAnswerInput): Promise<EditResult> {
  const input = await relativeUploadFields(ctx, sent, ['content']);
  const qid = decodeId(input.question_id);
  const question = qid ? await findQuestion(ctx.db, qid) : undefined;
  if (!question) throw badRequest('error.question.not_found');
  const a = await answerOr404(ctx, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  if (a.status === ANSWER_STATUS.pending && !canSeeHiddenPost(session, a.user_id)) throw notFound('error.answer.not_found');
  await requirePermission(ctx, session, 'answer.edit', a.user_id);
  const direct = editsWithoutReview(session, 'answer', a.user_id, await readThresholds(ctx, ['answer.edit_without_review']));
  if (a.status === ANSWER_STATUS.deleted) throw badRequest('error.answer.cannot_update');
  await checkCaptcha(ctx, 'edit', String(uid), staff, input);
  if (await pendingRevision(ctx.db, a.id)) throw badRequest('error.answer.cannot_update');
  const html = await renderMarkdown(input.content, {
    attribution: keepsAttribution(a.original_text, input.content),
    account: String(session.user.id),
  });
  if (isBlankHtml(html)) throw badRequest('base.request_format_error', [{ field: 'content', key: 'error.answer.content_cannot_empty' }]);
  if (input.content === a.original_text) return { wait_for_review: false };
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const snap: AnswerSnapshot = { id: a.id, question_id: a.question_id, content: input.content, html };
    const revisionId = await insertRevision(trx, {
      user_id: uid,
      object_type: OBJECT_TYPE.answer,
      object_id: a.id,
      title: '',
      content: answerSnapshotJson(snap),
      log: input.edit_summary ?? '',
      status: direct ? REVISION_STATUS.approved : REVISION_STATUS.pending,
      now,
    });
    if (direct) await applyAnswerRevision(trx, a, snap, { editorId: uid, revisionId, siteUrl, now });
  });
  await ctx.captcha.count('edit', String(uid));
  if (direct)
    ctx.events.emit({
      type: 'post.edited',
      objectId: a.id,
      objectType: 'answer',
      editorId: uid,
      ownerId: a.user_id,
      questionId: a.question_id,
    });
  else ctx.events.emit({ type: 'revision.submitted', objectId: a.id, objectType: 'answer', userId: uid });
  return { wait_for_review: !direct };
}

/**
 * DELETE answer: the owner (while it is not accepted and has no positive score) or staff.
 * Soft delete; counts and links follow. Deleting the accepted answer (staff) clears the acceptance
 * without taking back reputation, as the reference never rolls reputation back on deletion.
 */
export async function removeAnswer(
  ctx: AppContext,
  session: SessionUser,
  input: { id: string; captcha_id?: string; captcha_code?: string },
): Promise<void> {
  const a = await answerOr404(ctx, input.id);
  const uid = session.user.id;
  const staff = isStaff(session);
  await requirePermission(ctx, session, 'answer.delete', a.user_id);
  if (a.status === ANSWER_STATUS.deleted) throw badRequest('error.object.already_deleted');
  await checkCaptcha(ctx, 'delete', String(uid), staff, input);
  if (deleteBlockedByActivity(session, a.adopted === ADOPTED.accepted || a.vote_count > 0)) throw badRequest('error.answer.cannot_deleted');
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction().execute((trx) => removeAnswerTx(trx, a, uid, now));
  await ctx.captcha.count('delete', String(uid));
  announce(ctx, [removed]);
}

/** POST answer/recover (staff). */
export async function recoverAnswer(ctx: AppContext, session: SessionUser, rawId: string): Promise<void> {
  await requirePermission(ctx, session, 'answer.undeleted');
  const a = await answerOr404(ctx, rawId);
  if (a.status !== ANSWER_STATUS.deleted) return;
  const siteUrl = await siteUrlOf(ctx);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateAnswer(trx, a.id, { status: ANSWER_STATUS.available });
    await repo.afterAnswerChange(trx, a.question_id, a.user_id, null, now, false);
    await resyncSource(trx, { fromQuestionId: a.question_id, fromAnswerId: a.id }, siteUrl, now);
    await recordTimeline(trx, { userId: session.user.id, objectId: a.id, originalObjectId: a.id, key: 'answer.undeleted', now });
  });
  ctx.events.emit({
    type: 'post.status',
    objectId: a.id,
    objectType: 'answer',
    action: 'undeleted',
    byUserId: session.user.id,
    ownerId: a.user_id,
    questionId: a.question_id,
  });
}

/** GET answer/info: {info, question}. */
export async function answerInfo(ctx: AppContext, session: SessionUser | undefined, rawId: string): Promise<AnswerWithQuestion> {
  const id = decodeId(rawId);
  const a = id ? await findAnswer(ctx.db, id) : undefined;
  if (!a) throw notFound('error.answer.not_found');
  // a deleted (or queued) answer is its author's and staff's only; the reference shows it to anyone
  if (!canSeePost(session, a)) throw notFound('error.answer.not_found');
  const [info] = await present(ctx, session, [a]);
  return { info, question: await questionInfo(ctx, session, a.question_id, false) };
}

/** GET answer/page. */
export async function answerPage(ctx: AppContext, session: SessionUser | undefined, q: AnswerPageQuery) {
  const qid = decodeId(q.question_id);
  if (!qid) return { count: 0, list: [] };
  const { count, rows } = await repo.pageAnswers(ctx.db, {
    questionId: qid,
    order: q.order,
    page: q.page,
    pageSize: q.page_size,
    viewerId: session?.user.id,
    seeAll: canSeeAllPosts(session),
  });
  return { count, list: await present(ctx, session, rows) };
}

/** POST answer/acceptance: the asker (or staff) accepts one answer, or none with answer_id '0'. */
export async function acceptAnswer(
  ctx: AppContext,
  session: SessionUser,
  input: { question_id: string; answer_id: string },
): Promise<void> {
  const qid = decodeId(input.question_id);
  const question = qid ? await findQuestion(ctx.db, qid) : undefined;
  if (!question || question.status === QUESTION_STATUS.deleted) throw notFound('error.question.not_found');
  if (!canAcceptAnswer(session, question.user_id)) throw new AppError(403, 'base.forbidden_error');
  const wanted = input.answer_id && input.answer_id !== '0' ? decodeId(input.answer_id) : '0';
  const answer = wanted && wanted !== '0' ? await findAnswer(ctx.db, wanted) : undefined;
  if (wanted !== '0' && (!answer || answer.question_id !== question.id || answer.status !== ANSWER_STATUS.available))
    throw badRequest('error.answer.not_found');
  if ((wanted ?? '0') === question.accepted_answer_id) return;
  const now = ctx.clock.now();
  const moves: RankMove[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    if (question.accepted_answer_id !== '0') {
      for (const act of await activeActivities(trx, question.accepted_answer_id, ['answer.accept', 'answer.accepted']))
        await cancelActivity(trx, act.id, now, moves);
    }
    await repo.setAcceptedAnswer(trx, question.id, answer?.id);
    if (!answer) return;
    const self = answer.user_id === question.user_id;
    await changeRank(
      trx,
      {
        userId: question.user_id,
        triggerUserId: 0,
        objectId: answer.id,
        originalObjectId: question.id,
        key: 'answer.accept',
        delta: self ? 0 : undefined,
        capped: false,
        now,
      },
      moves,
    );
    await changeRank(
      trx,
      {
        userId: answer.user_id,
        triggerUserId: question.user_id,
        objectId: answer.id,
        originalObjectId: answer.id,
        key: 'answer.accepted',
        delta: self ? 0 : undefined,
        capped: false,
        now,
      },
      moves,
    );
    await recordTimeline(trx, { userId: session.user.id, objectId: answer.id, originalObjectId: question.id, key: 'question.accept', now });
  });
  emitRankMoves(ctx, moves, session.user.id);
  if (answer)
    ctx.events.emit({
      type: 'answer.accepted',
      answerId: answer.id,
      questionId: question.id,
      answerOwnerId: answer.user_id,
      byUserId: session.user.id,
    });
}
