import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { input, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { addQuestionSchema, questionIdQuery, questionPageQuery, type AddQuestionInput, type QuestionPageQuery } from './question.schema.js';
import * as service from './question.service.js';

/** The question endpoints of this slice: create, detail and the list. */
export function registerQuestion(ctx: AppContext, { api }: Routers): void {
  api.post('/question', auth(ctx, 'active'), validate(addQuestionSchema), async (_req, res) => {
    ok(res, await service.addQuestion(ctx, requireSession(res), input<AddQuestionInput>(res)));
  });
  api.get('/question/info', auth(ctx, 'optional'), validate(questionIdQuery, 'query'), async (_req, res) => {
    ok(res, await service.questionInfo(ctx, currentSession(res), input<{ id: string }>(res).id));
  });
  api.get('/question/page', auth(ctx, 'optional'), validate(questionPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.questionPage(ctx, input<QuestionPageQuery>(res)));
  });
}
