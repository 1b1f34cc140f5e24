import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { okReaderPage } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import {
  addCommentSchema,
  commentIdQuery,
  commentPageQuery,
  personalCommentPageQuery,
  removeCommentSchema,
  updateCommentSchema,
} from '../../contract/requests/comment.js';
import * as service from './comment.service.js';

/** Comments: list, one, personal list, add, edit, delete. */
export function registerComment(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/comment/page', auth(ctx, 'optional'), validate(commentPageQuery, 'query'), async (_req, res) => {
    const q = inputOf(commentPageQuery, res);
    await okReaderPage(ctx, res, `comments:${JSON.stringify(q)}`, () => service.commentPage(ctx, currentSession(res), q));
  });
  api.get('/comment', auth(ctx, 'optional'), validate(commentIdQuery, 'query'), async (_req, res) => {
    ok(res, await service.getComment(ctx, currentSession(res), inputOf(commentIdQuery, res).id));
  });
  api.get('/personal/comment/page', auth(ctx, 'optional'), validate(personalCommentPageQuery, 'query'), async (req, res) => {
    ok(res, await service.personalCommentPage(ctx, currentSession(res), inputOf(personalCommentPageQuery, res), requestLanguage(req)));
  });
  api.post('/comment', auth(ctx, 'active'), validate(addCommentSchema), async (_req, res) => {
    ok(res, (await service.addComment(ctx, requireSession(res), inputOf(addCommentSchema, res))).comment);
  });
  api.put('/comment', auth(ctx, 'active'), validate(updateCommentSchema), async (_req, res) => {
    ok(res, await service.updateComment(ctx, requireSession(res), inputOf(updateCommentSchema, res)));
  });
  api.delete('/comment', auth(ctx, 'active'), validate(removeCommentSchema), async (_req, res) => {
    await service.removeComment(ctx, requireSession(res), inputOf(removeCommentSchema, res));
    ok(res, null);
  });
}
