import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { input, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { reasonsQuery, type ReasonsQuery } from '../reason/reason.schema.js';
import { listReasons } from '../reason/reason.service.js';
import {
  adminAnswerPageQuery, adminAnswerStatusSchema, adminQuestionPageQuery, adminQuestionStatusSchema,
  type AdminAnswerPageQuery, type AdminAnswerStatusInput, type AdminQuestionPageQuery, type AdminQuestionStatusInput,
} from './admin-content.schema.js';
import * as service from './admin-content.service.js';

/** Admin question and answer management, and the reasons list of the admin pages. */
export function registerAdminContent(ctx: AppContext, { admin }: Routers): void {
  admin.get('/question/page', auth(ctx, 'admin'), validate(adminQuestionPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.adminQuestionPage(ctx, input<AdminQuestionPageQuery>(res)));
  });
  admin.put('/question/status', auth(ctx, 'admin'), validate(adminQuestionStatusSchema), async (_req, res) => {
    await service.setQuestionStatus(ctx, requireSession(res), input<AdminQuestionStatusInput>(res));
    ok(res, null);
  });
  admin.get('/answer/page', auth(ctx, 'admin'), validate(adminAnswerPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.adminAnswerPage(ctx, input<AdminAnswerPageQuery>(res)));
  });
  admin.put('/answer/status', auth(ctx, 'admin'), validate(adminAnswerStatusSchema), async (_req, res) => {
    await service.setAnswerStatus(ctx, requireSession(res), input<AdminAnswerStatusInput>(res));
    ok(res, null);
  });
  admin.get('/reasons', auth(ctx, 'admin'), validate(reasonsQuery, 'query'), async (req, res) => {
    ok(res, await listReasons(ctx, input<ReasonsQuery>(res), requestLanguage(req)));
  });
}
