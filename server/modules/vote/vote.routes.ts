import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import { voteSchema } from '../../contract/requests/vote.js';
import type { Routers } from '../index.js';
import { vote } from './vote.service.js';

/** POST vote/up and vote/down. */
export function registerVote(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  for (const dir of ['up', 'down'] as const) {
    api.post(`/vote/${dir}`, auth(ctx, 'active'), validate(voteSchema), async (_req, res) => {
      const body = inputOf(voteSchema, res);
      ok(res, await vote(ctx, requireSession(res), body.object_id, dir, body.is_cancel));
    });
  }
}
