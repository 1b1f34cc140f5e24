import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { followSchema, followTagsSchema } from '../../contract/requests/follow.js';
import * as service from './follow.service.js';

/** Following questions, tags and users; replacing the followed tags. */
export function registerFollow(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.post('/follow', auth(ctx, 'active'), validate(followSchema), async (_req, res) => {
    ok(res, await service.follow(ctx, requireSession(res), inputOf(followSchema, res)));
  });
  api.put('/follow/tags', auth(ctx, 'active'), validate(followTagsSchema), async (_req, res) => {
    ok(res, await service.updateFollowTags(ctx, requireSession(res), inputOf(followTagsSchema, res).slug_name_list));
  });
}
