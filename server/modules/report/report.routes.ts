import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { addReportSchema, reviewReportSchema, unreviewedReportQuery } from '../../contract/requests/report.js';
import * as service from './report.service.js';

/** Flags: raising one, the flagged-post queue and handling a flag. */
export function registerReport(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.post('/report', auth(ctx, 'active'), validate(addReportSchema), async (req, res) => {
    await service.addReport(ctx, requireSession(res), inputOf(addReportSchema, res), requestLanguage(req));
    ok(res, null);
  });
  api.get('/report/unreviewed/post', auth(ctx, 'active'), validate(unreviewedReportQuery, 'query'), async (req, res) => {
    ok(res, await service.unreviewedFlags(ctx, requireSession(res), inputOf(unreviewedReportQuery, res).page, requestLanguage(req)));
  });
  api.put('/report/review', auth(ctx, 'active'), bodyLimit('posts'), validate(reviewReportSchema), async (_req, res) => {
    await service.reviewReport(ctx, requireSession(res), inputOf(reviewReportSchema, res));
    ok(res, null);
  });
}
