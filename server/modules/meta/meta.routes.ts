import type { AppContext } from '../../app-context.js';
import { auth, currentSession, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { reactionQuery, updateReactionSchema } from '../../contract/requests/meta.js';
import * as service from './meta.service.js';

/** Reactions (meta/reaction) on questions and answers. */
export function registerMeta(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.get('/meta/reaction', auth(ctx, 'optional'), validate(reactionQuery, 'query'), async (req, res) => {
    ok(res, await service.getReactions(ctx, currentSession(res), inputOf(reactionQuery, res).object_id, requestLanguage(req)));
  });
  api.put('/meta/reaction', auth(ctx, 'active'), validate(updateReactionSchema), async (req, res) => {
    ok(res, await service.updateReaction(ctx, requireSession(res), inputOf(updateReactionSchema, res), requestLanguage(req)));
  });
}
