import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  inviteQuery,
  linkQuery,
  recommendQuery,
  similarTagQuery,
  similarTitleQuery,
  updateInviteSchema,
} from '../../contract/requests/question-related.js';
import * as service from './question-related.service.js';

/** Routes for related, similar, linked, recommended and invited questions. */
export function registerQuestionRelated(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/question/invite', auth(ctx, 'optional'), validate(inviteQuery, 'query'), async (_req, res) => {
    ok(res, await service.invitedUsers(ctx, currentSession(res), inputOf(inviteQuery, res).id));
  });
  api.put('/question/invite', auth(ctx, 'active'), validate(updateInviteSchema), async (_req, res) => {
    await service.updateInvitedUsers(ctx, requireSession(res), inputOf(updateInviteSchema, res));
    ok(res);
  });
  api.get('/question/similar', auth(ctx, 'active'), validate(similarTitleQuery, 'query'), async (_req, res) => {
    ok(res, await service.similarByTitle(ctx, inputOf(similarTitleQuery, res).title));
  });
  api.get('/question/similar/tag', auth(ctx, 'optional'), validate(similarTagQuery, 'query'), async (_req, res) => {
    ok(res, await service.similarByTag(ctx, currentSession(res), inputOf(similarTagQuery, res).question_id));
  });
  api.get('/question/link', auth(ctx, 'optional'), validate(linkQuery, 'query'), async (_req, res) => {
    ok(res, await service.linkingQuestions(ctx, currentSession(res), inputOf(linkQuery, res)));
  });
  // login-optional group in the reference, but the handler answers 401 to anonymous callers
  api.get('/question/recommend/page', auth(ctx, 'optional'), validate(recommendQuery, 'query'), async (_req, res) => {
    ok(res, await service.recommendedQuestions(ctx, requireSession(res), inputOf(recommendQuery, res)));
  });
}
