import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { okReaderPage } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { personalPageQuery, rankPageQuery, topQuery, votePageQuery } from '../../contract/requests/personal.js';
import { collectionPageQuery } from '../../contract/requests/collection.js';
import { collectionPage } from './personal-collection.service.js';
import * as service from './personal.service.js';

/** Routes for the personal pages of a profile: questions, answers, top posts, reputation and the caller's votes. */
export function registerPersonal(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/personal/question/page', auth(ctx, 'optional'), validate(personalPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.personalQuestions(ctx, currentSession(res), inputOf(personalPageQuery, res)));
  });
  api.get('/personal/answer/page', auth(ctx, 'optional'), validate(personalPageQuery, 'query'), async (req, res) => {
    ok(res, await service.personalAnswers(ctx, currentSession(res), requestLanguage(req), inputOf(personalPageQuery, res)));
  });
  api.get('/personal/qa/top', auth(ctx, 'optional'), validate(topQuery, 'query'), async (req, res) => {
    const { username } = inputOf(topQuery, res);
    await okReaderPage(ctx, res, `top:${username}`, () => service.topPosts(ctx, currentSession(res), requestLanguage(req), username));
  });
  api.get('/personal/rank/page', auth(ctx, 'optional'), validate(rankPageQuery, 'query'), async (req, res) => {
    ok(res, await service.rankHistory(ctx, currentSession(res), requestLanguage(req), inputOf(rankPageQuery, res)));
  });
  api.get('/personal/vote/page', auth(ctx, 'active'), validate(votePageQuery, 'query'), async (req, res) => {
    ok(res, await service.myVotes(ctx, requireSession(res), requestLanguage(req), inputOf(votePageQuery, res)));
  });
  api.get('/personal/collection/page', auth(ctx, 'active'), validate(collectionPageQuery, 'query'), async (_req, res) => {
    ok(res, await collectionPage(ctx, requireSession(res), inputOf(collectionPageQuery, res)));
  });
}
