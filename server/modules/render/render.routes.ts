import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { bodyLimit } from '../../http/body-limit.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import { tooManyAttempts } from '../../infra/captcha/rate-limit.js';
import { renderBusy, renderMarkdown, renderRetryAfter } from '../../infra/markdown/render.js';
import { renderSchema } from '../../contract/requests/render.js';
import type { Routers } from '../index.js';
import { PREVIEW_LIMIT, PreviewWindow } from './render.limit.js';

/**
 * POST post/render: the editor's preview, rendered and sanitised exactly as stored posts are, at
 * most PREVIEW_LIMIT renders a minute per member, one at a time, within the member's share of the
 * render workers' time (renderRetryAfter); 429 with data.retry_after past any of them.
 */
export function registerRender(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  const previews = new PreviewWindow(PREVIEW_LIMIT);
  api.post('/post/render', auth(ctx, 'active'), bodyLimit('post'), validate(renderSchema), async (_req, res) => {
    const account = String(requireSession(res).user.id);
    // one preview in flight per member: a second waits for nothing, it is refused (the editor asks again)
    if (renderBusy(account)) throw tooManyAttempts(1);
    const overBudget = renderRetryAfter(account);
    if (overBudget > 0) throw tooManyAttempts(overBudget);
    const wait = previews.take(account, ctx.clock.now());
    if (wait > 0) throw tooManyAttempts(wait);
    ok(res, await renderMarkdown(inputOf(renderSchema, res).content, { account }));
  });
}
