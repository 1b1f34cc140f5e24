import type { AppContext } from '../../app-context.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { guardKey, onceWithin5Minutes } from '../../http/duplicate-guard.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { isBlankHtml, renderMarkdown } from '../../infra/markdown/render.js';
import { ACTIVITY_TYPE } from '../activity/activity-types.js';
import { recordTimeline } from '../activity/timeline.service.js';
import { isStaff } from '../permission/permission.service.js';
import { findQuestion, insertRevision } from '../question/question.repository.js';
import { requirePermission } from '../permission/permission.service.js';
import { questionInfo } from '../question/question.service.js';
import { activeActivities, cancelActivity, changeRank } from '../rank/rank.service.js';
import type { SessionUser } from '../session/session.service.js';
import { checkCaptcha } from '../user/account.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { presentAnswer } from './answer.presenter.js';
import * as repo from './answer.repository.js';
import type { AddAnswerInput, AnswerPageQuery } from './answer.schema.js';

async function viewerOf(ctx: AppContext, session: SessionUser | undefined, a: { id: string; user_id: number }) {
  if (!session) return { collected: false, vote_status: '', member_actions: [] as unknown[] };
  const votes = await ctx.db.selectFrom('activity').select('activity_type').where('user_id', '=', session.user.id).where('object_id', '=', a.id).where('cancelled', '=', 0)
    .where('activity_type', 'in', [ACTIVITY_TYPE['answer.vote_up'], ACTIVITY_TYPE['answer.vote_down']]).execute();
  const up = votes.some((v) => v.activity_type === ACTIVITY_TYPE['answer.vote_up']);
  const down = votes.some((v) => v.activity_type === ACTIVITY_TYPE['answer.vote_down']);
  const owner = session.user.id === a.user_id;
  const actions: unknown[] = [{ action: 'report', name: 'Flag', type: 'reason' }];
  if (owner || isStaff(session)) actions.push({ action: 'edit', name: 'Edit', type: 'edit' }, { action: 'delete', name: 'Delete', type: 'confirm' });
  return { collected: false, vote_status: up ? 'vote_up' : down ? 'vote_down' : '', member_actions: actions };
}

async function present(ctx: AppContext, session: SessionUser | undefined, rows: Awaited<ReturnType<typeof repo.findAnswer>>[]) {
  const list = rows.filter((r): r is NonNullable<typeof r> => !!r);
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const users = await userBriefs(ctx.db, usersCfg, list.flatMap((a) => [a.user_id, a.last_edit_user_id]));
  return Promise.all(list.map(async (a) => presentAnswer(a, users, await viewerOf(ctx, session, a), seo.permalink)));
}

/** POST answer. */
export async function addAnswer(ctx: AppContext, session: SessionUser, input: AddAnswerInput) {
  await requirePermission(ctx, session, 'answer.add');
  await checkCaptcha(ctx, 'answer', String(session.user.id), isStaff(session), input);
  const qid = decodeId(input.question_id);
  const question = qid ? await findQuestion(ctx.db, qid) : undefined;
  if (!question || question.status === 11) throw notFound('error.question.not_found');
  if (question.status !== 1) throw badRequest('error.answer.question_closed_cannot_add');
  if ((await ctx.settings.get('write')).restrict_answer && (await repo.userHasAnswered(ctx.db, question.id, session.user.id))) throw new AppError(403, 'error.answer.restrict_answer');
  const html = renderMarkdown(input.content);
  if (isBlankHtml(html)) throw badRequest('base.request_format_error', [{ field: 'content', key: 'error.answer.content_cannot_empty' }]);
  const now = ctx.clock.now();
  const body = { question_id: question.id, content: input.content };
  const id = await onceWithin5Minutes(ctx.db, guardKey(session.user.id, 'POST /answer', body), now, () =>
    ctx.db.transaction().execute(async (trx) => {
      const aid = await newObjectId(trx, OBJECT_TYPE.answer);
      await repo.insertAnswer(trx, { id: aid, question_id: question.id, user_id: session.user.id, original_text: input.content, parsed_text: html, now });
      const revisionId = await insertRevision(trx, { user_id: session.user.id, object_type: OBJECT_TYPE.answer, object_id: aid, title: '', content: JSON.stringify({ id: aid, question_id: question.id, content: input.content, html }), log: '', status: 0, now });
      await trx.updateTable('answer').set({ revision_id: revisionId }).where('id', '=', aid).execute();
      await repo.afterAnswerChange(trx, question.id, session.user.id, aid, now);
      await recordTimeline(trx, { userId: session.user.id, objectId: aid, originalObjectId: aid, key: 'answer.answered', revisionId, now });
      await recordTimeline(trx, { userId: session.user.id, objectId: aid, originalObjectId: question.id, key: 'question.answered', now });
      return aid;
    }),
  );
  await ctx.captcha.count('answer', String(session.user.id));
  return answerInfo(ctx, session, id);
}

/** GET answer/info: {info, question}. */
export async function answerInfo(ctx: AppContext, session: SessionUser | undefined, rawId: string) {
  const id = decodeId(rawId);
  const a = id ? await repo.findAnswer(ctx.db, id) : undefined;
  if (!a) throw notFound('error.answer.not_found');
  const [info] = await present(ctx, session, [a]);
  return { info, question: await questionInfo(ctx, session, a.question_id, false) };
}

/** GET answer/page. */
export async function answerPage(ctx: AppContext, session: SessionUser | undefined, q: AnswerPageQuery) {
  const qid = decodeId(q.question_id);
  if (!qid) return { count: 0, list: [] };
  const { count, rows } = await repo.pageAnswers(ctx.db, { questionId: qid, order: q.order, page: q.page, pageSize: q.page_size, viewerId: session?.user.id, seeAll: isStaff(session) });
  return { count, list: await present(ctx, session, rows) };
}

/** POST answer/acceptance: the asker (or staff) accepts one answer, or none with answer_id '0'. */
export async function acceptAnswer(ctx: AppContext, session: SessionUser, input: { question_id: string; answer_id: string }): Promise<void> {
  const qid = decodeId(input.question_id);
  const question = qid ? await findQuestion(ctx.db, qid) : undefined;
  if (!question || question.status === 10) throw notFound('error.question.not_found');
  if (question.user_id !== session.user.id && !isStaff(session)) throw new AppError(403, 'base.forbidden_error');
  const wanted = input.answer_id && input.answer_id !== '0' ? decodeId(input.answer_id) : '0';
  const answer = wanted && wanted !== '0' ? await repo.findAnswer(ctx.db, wanted) : undefined;
  if (wanted !== '0' && (!answer || answer.question_id !== question.id || answer.status !== 1)) throw badRequest('error.answer.not_found');
  if ((wanted ?? '0') === question.accepted_answer_id) return;
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (question.accepted_answer_id !== '0') {
      for (const act of await activeActivities(trx, question.accepted_answer_id, ['answer.accept', 'answer.accepted'])) await cancelActivity(trx, act.id, now);
    }
    await trx.updateTable('answer').set({ adopted: 1 }).where('question_id', '=', question.id).execute();
    await trx.updateTable('question').set({ accepted_answer_id: answer ? answer.id : '0' }).where('id', '=', question.id).execute();
    if (!answer) return;
    await trx.updateTable('answer').set({ adopted: 2 }).where('id', '=', answer.id).execute();
    const self = answer.user_id === question.user_id;
    await changeRank(trx, { userId: question.user_id, triggerUserId: 0, objectId: answer.id, originalObjectId: question.id, key: 'answer.accept', delta: self ? 0 : undefined, capped: false, now });
    await changeRank(trx, { userId: answer.user_id, triggerUserId: question.user_id, objectId: answer.id, originalObjectId: answer.id, key: 'answer.accepted', delta: self ? 0 : undefined, capped: false, now });
    await recordTimeline(trx, { userId: session.user.id, objectId: answer.id, originalObjectId: question.id, key: 'question.accept', now });
  });
}
