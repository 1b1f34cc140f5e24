import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { pluginRegistry } from '../plugin/plugin.registry.js';
import { LANTERN_REVIEWER } from '../review-queue/review-queue.plugin.js';
import { pendingPostPageQuery, updateReviewSchema } from '../../contract/requests/review.js';
import * as service from './review.service.js';

/** The queued-post review queue, and the built-in reviewer plugin that fills it. */
export function registerReview(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  const registry = pluginRegistry(ctx);
  if (!registry.find(LANTERN_REVIEWER.slug_name)) registry.register(LANTERN_REVIEWER);
  service.settleReviewsOnDelete(ctx);
  api.get('/review/pending/post/page', auth(ctx, 'active'), validate(pendingPostPageQuery, 'query'), async (_req, res) => {
    ok(res, await service.pendingPostPage(ctx, requireSession(res), inputOf(pendingPostPageQuery, res)));
  });
  api.put('/review/pending/post', auth(ctx, 'active'), validate(updateReviewSchema), async (_req, res) => {
    await service.updateReview(ctx, requireSession(res), inputOf(updateReviewSchema, res));
    ok(res, null);
  });
}
