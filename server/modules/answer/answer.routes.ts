import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok } from '../../http/envelope.js';
import { okReaderPage } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  acceptSchema,
  addAnswerSchema,
  answerIdQuery,
  answerPageQuery,
  recoverAnswerSchema,
  removeAnswerSchema,
  updateAnswerSchema,
} from '../../contract/requests/answer.js';
import * as service from './answer.service.js';

/** Answers: create, detail, list, acceptance, edit (or suggested edit), delete and recover. */
export function registerAnswer(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.post('/answer', auth(ctx, 'active'), bodyLimit('post'), validate(addAnswerSchema), async (_req, res) => {
    ok(res, await service.addAnswer(ctx, requireSession(res), inputOf(addAnswerSchema, res)));
  });
  api.get('/answer/info', auth(ctx, 'optional'), validate(answerIdQuery, 'query'), async (_req, res) => {
    ok(res, await service.answerInfo(ctx, currentSession(res), inputOf(answerIdQuery, res).id));
  });
  api.get('/answer/page', auth(ctx, 'optional'), validate(answerPageQuery, 'query'), async (_req, res) => {
    const q = inputOf(answerPageQuery, res);
    await okReaderPage(ctx, res, `answers:${JSON.stringify(q)}`, () => service.answerPage(ctx, currentSession(res), q));
  });
  api.post('/answer/acceptance', auth(ctx, 'active'), validate(acceptSchema), async (_req, res) => {
    await service.acceptAnswer(ctx, requireSession(res), inputOf(acceptSchema, res));
    ok(res, null);
  });
  api.put('/answer', auth(ctx, 'active'), bodyLimit('post'), validate(updateAnswerSchema), async (_req, res) => {
    ok(res, await service.updateAnswer(ctx, requireSession(res), inputOf(updateAnswerSchema, res)));
  });
  api.delete('/answer', auth(ctx, 'active'), validate(removeAnswerSchema), async (_req, res) => {
    await service.removeAnswer(ctx, requireSession(res), inputOf(removeAnswerSchema, res));
    ok(res, null);
  });
  api.post('/answer/recover', auth(ctx, 'active'), validate(recoverAnswerSchema), async (_req, res) => {
    await service.recoverAnswer(ctx, requireSession(res), inputOf(recoverAnswerSchema, res).answer_id);
    ok(res, null);
  });
}
