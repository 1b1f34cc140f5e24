import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, currentSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { dropOnContentChange, okShared } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { searchQuery } from '../../contract/requests/search.js';
import * as service from './search.service.js';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** GET search and GET search/desc (login optional; private mode applies). */
export function registerSearch(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  // results are the same for every viewer (but user:me): reused for a moment, dropped on any change
  dropOnContentChange(ctx, service.SEARCH_KEY);
  api.get('/search', auth(ctx, 'optional'), validate(searchQuery, 'query'), async (req, res) => {
    const prepared = await service.prepareSearch(ctx, currentSession(res), clientIp(req), inputOf(searchQuery, res));
    await okShared(ctx, res, prepared.key, ctx.config.searchTtlMs, prepared.run);
  });
  api.get('/search/desc', auth(ctx, 'optional'), (_req, res) => {
    ok(res, service.searchDesc());
  });
}
