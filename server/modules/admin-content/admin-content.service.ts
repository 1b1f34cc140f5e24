import type { AppContext } from '../../app-context.js';
import type { AnswerStatus, QuestionStatus } from '../../contract/enums.js';
import { notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { recoverAnswer, removeAnswer } from '../answer/answer.service.js';
import { closeQuestionAs, reopenQuestionAs } from '../question/question-close.js';
import { recoverQuestion, removeQuestion } from '../question/question.moderation.js';
import { publishQueued, rejectQueued } from '../review/review.service.js';
import type { SessionUser } from '../session/session.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { findUserByUsername } from '../user/user-common.service.js';
import { presentAdminAnswer, presentAdminQuestion } from './admin-content.presenter.js';
import * as repo from './admin-content.repository.js';
import type {
  AdminAnswerPageQuery,
  AdminAnswerStatusInput,
  AdminQuestionPageQuery,
  AdminQuestionStatusInput,
} from './admin-content.schema.js';
import { ANSWER_STATUS, QUESTION_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion } from '../post/post.repository.js';

const QUESTION_LIST_STATUS: Record<string, QuestionStatus> = {
  normal: QUESTION_STATUS.available,
  available: QUESTION_STATUS.available,
  closed: QUESTION_STATUS.closed,
  deleted: QUESTION_STATUS.deleted,
  pending: QUESTION_STATUS.pending,
};
const ANSWER_LIST_STATUS: Record<string, AnswerStatus> = {
  normal: ANSWER_STATUS.available,
  available: ANSWER_STATUS.available,
  deleted: ANSWER_STATUS.deleted,
  pending: ANSWER_STATUS.pending,
};
const EMPTY = { count: 0, list: [] as never[] };

/** What a search box query asks for: `<prefix>:<id>`, `user:<username>`, or words of the (question) title. */
type Search =
  | { kind: 'none' }
  | { kind: 'nothing' }
  | { kind: 'id'; id: string }
  | { kind: 'user'; userId: number }
  | { kind: 'title'; text: string };

async function parseSearch(ctx: AppContext, raw: string | undefined, idPrefix: 'question' | 'answer'): Promise<Search> {
  const q = (raw ?? '').trim();
  if (!q) return { kind: 'none' };
  const prefixed = /^(question|answer|user):\s*(.*)$/i.exec(q);
  if (prefixed && prefixed[1].toLowerCase() === idPrefix) {
    const id = decodeId(prefixed[2]);
    return id && objectTypeOf(id) === OBJECT_TYPE[idPrefix] ? { kind: 'id', id } : { kind: 'nothing' };
  }
  if (prefixed && prefixed[1].toLowerCase() === 'user') {
    const name = prefixed[2].trim().replace(/^@/, '');
    const user = name ? await findUserByUsername(ctx.db, name) : undefined;
    return user ? { kind: 'user', userId: user.id } : { kind: 'nothing' };
  }
  return { kind: 'title', text: q };
}

/**
 * GET admin question/page: questions of one status (normal by default), newest first. The query
 * finds `question:<id>` (long or short id), `user:<username>`, or else a part of the title.
 */
export async function adminQuestionPage(ctx: AppContext, q: AdminQuestionPageQuery) {
  const search = await parseSearch(ctx, q.query, 'question');
  if (search.kind === 'nothing') return EMPTY;
  const { count, rows } = await repo.pageAdminQuestions(ctx.db, {
    status: QUESTION_LIST_STATUS[q.status ?? 'normal'],
    id: search.kind === 'id' ? search.id : undefined,
    userId: search.kind === 'user' ? search.userId : undefined,
    title: search.kind === 'title' ? search.text : undefined,
    page: q.page,
    pageSize: q.page_size,
  });
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return { count, list: rows.map((r) => presentAdminQuestion(r, users, seo.permalink)) };
}

/**
 * GET admin answer/page: answers of one status (normal by default), newest first, optionally of
 * one question. The query finds `answer:<id>`, `user:<username>`, or else a part of the question's title.
 */
export async function adminAnswerPage(ctx: AppContext, q: AdminAnswerPageQuery) {
  let questionId: string | undefined;
  if (q.question_id && q.question_id !== '0') {
    const id = decodeId(q.question_id);
    if (!id) return EMPTY;
    questionId = id;
  }
  const search = await parseSearch(ctx, q.query, 'answer');
  if (search.kind === 'nothing') return EMPTY;
  const { count, rows } = await repo.pageAdminAnswers(ctx.db, {
    status: ANSWER_LIST_STATUS[q.status ?? 'normal'],
    questionId,
    id: search.kind === 'id' ? search.id : undefined,
    userId: search.kind === 'user' ? search.userId : undefined,
    title: search.kind === 'title' ? search.text : undefined,
    page: q.page,
    pageSize: q.page_size,
  });
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    rows.map((r) => r.user_id),
  );
  return { count, list: rows.map((r) => presentAdminAnswer(r, users, seo.permalink)) };
}

/** Closes an available question without a close reason (the admin list's status switch), as a moderator's close does. */
async function closeWithoutReason(ctx: AppContext, session: SessionUser, questionId: string): Promise<void> {
  const q = await findQuestion(ctx.db, questionId);
  if (!q || q.status !== QUESTION_STATUS.available) return;
  await closeQuestionAs(ctx, session.user.id, q, null);
}

/**
 * PUT admin question/status: available reopens, undeletes or approves; closed closes (without a
 * reason; a deleted or queued question is first brought back); deleted deletes (a queued one is
 * rejected). Setting the status it already has changes nothing.
 */
export async function setQuestionStatus(ctx: AppContext, session: SessionUser, input: AdminQuestionStatusInput): Promise<void> {
  const id = decodeId(input.question_id);
  const q = id && objectTypeOf(id) === OBJECT_TYPE.question ? await findQuestion(ctx.db, id) : undefined;
  if (!q) throw notFound('error.question.not_found');
  if (input.status === 'deleted') {
    if (q.status === QUESTION_STATUS.pending) await rejectQueued(ctx, session, q.id);
    else if (q.status !== QUESTION_STATUS.deleted) await removeQuestion(ctx, session, { id: q.id });
    return;
  }
  if (q.status === QUESTION_STATUS.deleted) await recoverQuestion(ctx, session, q.id);
  if (q.status === QUESTION_STATUS.pending) await publishQueued(ctx, session, q.id);
  if (input.status === 'available' && q.status === QUESTION_STATUS.closed) await reopenQuestionAs(ctx, session.user.id, q);
  if (input.status === 'closed') await closeWithoutReason(ctx, session, q.id);
}

/** PUT admin answer/status: available undeletes or approves; deleted deletes (a queued one is rejected). */
export async function setAnswerStatus(ctx: AppContext, session: SessionUser, input: AdminAnswerStatusInput): Promise<void> {
  const id = decodeId(input.answer_id);
  const a = id && objectTypeOf(id) === OBJECT_TYPE.answer ? await findAnswer(ctx.db, id) : undefined;
  if (!a) throw notFound('error.answer.not_found');
  if (input.status === 'deleted') {
    if (a.status === ANSWER_STATUS.pending) await rejectQueued(ctx, session, a.id);
    else if (a.status !== ANSWER_STATUS.deleted) await removeAnswer(ctx, session, { id: a.id });
    return;
  }
  if (a.status === ANSWER_STATUS.deleted) await recoverAnswer(ctx, session, a.id);
  if (a.status === ANSWER_STATUS.pending) await publishQueued(ctx, session, a.id);
}
