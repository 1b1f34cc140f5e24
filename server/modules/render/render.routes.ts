import { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { inputOf, msg, validate } from '../../http/validate.js';
import { renderMarkdown } from '../../infra/markdown/render.js';
import type { Routers } from '../index.js';

const renderSchema = z.object({
  content: z.string({ error: 'validation.required' }).max(65535, msg('validation.max_length', { max: 65535 })),
});

/** POST post/render: the editor's preview, rendered and sanitised exactly as stored posts are. */
export function registerRender(ctx: AppContext, { api }: Routers): void {
  api.post('/post/render', auth(ctx, 'active'), validate(renderSchema), (_req, res) => {
    ok(res, renderMarkdown(inputOf(renderSchema, res).content));
  });
}
