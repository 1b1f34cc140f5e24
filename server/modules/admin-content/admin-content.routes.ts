import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { reasonsQuery } from '../../contract/requests/reason.js';
import { listReasons } from '../reason/reason.service.js';
import {
  adminAnswerPageQuery,
  adminAnswerStatusSchema,
  adminQuestionPageQuery,
  adminQuestionStatusSchema,
} from '../../contract/requests/admin-content.js';
import * as service from './admin-content.service.js';

/** Admin question and answer management, and the reasons list of the admin pages. */
export function registerAdminContent(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/question/page', auth(ctx, 'admin'), validate(adminQuestionPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.adminQuestionPage(ctx, inputOf(adminQuestionPageQuery, res)));
  });
  admin.put('/question/status', auth(ctx, 'admin'), validate(adminQuestionStatusSchema), async (_req, res) => {
    await service.setQuestionStatus(ctx, requireSession(res), inputOf(adminQuestionStatusSchema, res));
    ok(res, null);
  });
  admin.get('/answer/page', auth(ctx, 'admin'), validate(adminAnswerPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.adminAnswerPage(ctx, inputOf(adminAnswerPageQuery, res)));
  });
  admin.put('/answer/status', auth(ctx, 'admin'), validate(adminAnswerStatusSchema), async (_req, res) => {
    await service.setAnswerStatus(ctx, requireSession(res), inputOf(adminAnswerStatusSchema, res));
    ok(res, null);
  });
  admin.get('/reasons', auth(ctx, 'admin'), validate(reasonsQuery, 'query'), async (req, res) => {
    ok(res, await listReasons(ctx, inputOf(reasonsQuery, res), requestLanguage(req)));
  });
}
