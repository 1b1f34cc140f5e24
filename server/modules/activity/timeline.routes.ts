import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import * as service from './timeline-read.service.js';
import { timelineDetailQuery, timelineQuery } from '../../contract/requests/timeline.js';

/** The activity timeline of a question, answer or tag, and the revisions an edit compares. */
export function registerTimeline(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/activity/timeline', auth(ctx, 'active'), validate(timelineQuery, 'query'), async (_req, res) => {
    ok(res, await service.objectTimeline(ctx, requireSession(res), inputOf(timelineQuery, res)));
  });
  api.get('/activity/timeline/detail', auth(ctx, 'active'), validate(timelineDetailQuery, 'query'), async (_req, res) => {
    ok(res, await service.timelineDetail(ctx, requireSession(res), inputOf(timelineDetailQuery, res)));
  });
}
