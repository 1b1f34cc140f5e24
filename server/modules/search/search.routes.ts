import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth, currentSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { input, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { searchQuery, type SearchQuery } from './search.schema.js';
import * as service from './search.service.js';

const clientIp = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** GET search and GET search/desc (login optional; private mode applies). */
export function registerSearch(ctx: AppContext, { api }: Routers): void {
  api.get('/search', auth(ctx, 'optional'), validate(searchQuery, 'query'), async (req, res) => {
    ok(res, await service.search(ctx, currentSession(res), clientIp(req), input<SearchQuery>(res)));
  });
  api.get('/search/desc', auth(ctx, 'optional'), (_req, res) => {
    ok(res, service.searchDesc());
  });
}
