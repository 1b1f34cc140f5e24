import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { dropOnContentChange, okShared, READER_PAGE_KEY } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { decodeId } from '../../infra/ids/object-id.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  addQuestionByAnswerSchema,
  addQuestionSchema,
  closeQuestionSchema,
  operationQuestionSchema,
  questionIdQuery,
  questionPageQuery,
  recoverQuestionSchema,
  removeQuestionSchema,
  reopenQuestionSchema,
  updateQuestionSchema,
} from '../../contract/requests/question.js';
import { announceShareVisit } from './question-share.js';
import { closeQuestion, operateQuestion, recoverQuestion, removeQuestion, reopenQuestion } from './question.moderation.js';
import { addQuestion, addQuestionByAnswer, updateQuestion } from './question.write.js';
import { QUESTION_PAGE_KEY, questionInfo, questionPage } from './question.read.js';
import { countView as countQuestionView, currentViewCount } from './view-counter.js';

/** The question endpoints: create (alone or with an answer), detail, list, edit, delete, recover, close, reopen, pin/list. */
export function registerQuestion(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  // list totals may be reused for a few seconds; anything that changes them clears them at once
  for (const type of ['question.created', 'answer.created', 'post.status', 'post.edited'] as const)
    ctx.events.on(type, () => ctx.cache.invalidate('question-count:'));
  // whole list pages (the same for every viewer) may be reused for a moment; any announced change clears them
  dropOnContentChange(ctx, QUESTION_PAGE_KEY);
  api.post('/question', auth(ctx, 'active'), bodyLimit('posts'), validate(addQuestionSchema), async (_req, res) => {
    ok(res, await addQuestion(ctx, requireSession(res), inputOf(addQuestionSchema, res)));
  });
  api.get('/question/info', auth(ctx, 'optional'), validate(questionIdQuery, 'query'), async (req, res) => {
    const q = inputOf(questionIdQuery, res);
    const session = currentSession(res);
    if (!session && !q.share && ctx.config.pageTtlMs > 0) {
      // every anonymous reader sees the same question: reused for a moment, each view still counted,
      // and the count it answers is the current one with this view in it (as the reference's)
      const lang = requestLanguage(req);
      const id = decodeId(q.id) ?? q.id;
      const page = await ctx.cache.get(`${READER_PAGE_KEY}question:${id}|${lang}`, ctx.config.pageTtlMs, () =>
        questionInfo(ctx, undefined, id, false, lang),
      );
      await countQuestionView(ctx, id);
      ok(res, { ...page, view_count: await currentViewCount(ctx, id) });
      return;
    }
    const info = await questionInfo(ctx, session, q.id, true, requestLanguage(req));
    // opened through a share link: announced once the question was read (the badge rules award it)
    if (q.share) await announceShareVisit(ctx, q.id, q.share, session?.user.id ?? null);
    ok(res, info);
  });
  api.get('/question/page', auth(ctx, 'optional'), validate(questionPageQuery, 'query'), async (_req, res) => {
    const q = inputOf(questionPageQuery, res);
    await okShared(ctx, res, QUESTION_PAGE_KEY + JSON.stringify(q), ctx.config.listPageTtlMs, () => questionPage(ctx, q));
  });
  api.post('/question/answer', auth(ctx, 'active'), bodyLimit('posts'), validate(addQuestionByAnswerSchema), async (_req, res) => {
    ok(res, await addQuestionByAnswer(ctx, requireSession(res), inputOf(addQuestionByAnswerSchema, res)));
  });
  api.put('/question', auth(ctx, 'active'), bodyLimit('posts'), validate(updateQuestionSchema), async (_req, res) => {
    ok(res, await updateQuestion(ctx, requireSession(res), inputOf(updateQuestionSchema, res)));
  });
  api.delete('/question', auth(ctx, 'active'), validate(removeQuestionSchema), async (_req, res) => {
    await removeQuestion(ctx, requireSession(res), inputOf(removeQuestionSchema, res));
    ok(res, null);
  });
  api.post('/question/recover', auth(ctx, 'active'), validate(recoverQuestionSchema), async (_req, res) => {
    await recoverQuestion(ctx, requireSession(res), inputOf(recoverQuestionSchema, res).question_id);
    ok(res, null);
  });
  api.put('/question/status', auth(ctx, 'active'), bodyLimit('post'), validate(closeQuestionSchema), async (_req, res) => {
    await closeQuestion(ctx, requireSession(res), inputOf(closeQuestionSchema, res));
    ok(res, null);
  });
  api.put('/question/reopen', auth(ctx, 'active'), validate(reopenQuestionSchema), async (_req, res) => {
    await reopenQuestion(ctx, requireSession(res), inputOf(reopenQuestionSchema, res).question_id);
    ok(res, null);
  });
  api.put('/question/operation', auth(ctx, 'active'), validate(operationQuestionSchema), async (_req, res) => {
    await operateQuestion(ctx, requireSession(res), inputOf(operationQuestionSchema, res));
    ok(res, null);
  });
}
