import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { flag, text } from '../../http/fields.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { vote } from './vote.service.js';

const voteSchema = z.object({
  object_id: text({ max: 32 }),
  is_cancel: flag.optional().default(false),
  captcha_id: z.string().max(100).optional(),
  captcha_code: z.string().max(100).optional(),
});

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
