import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { collectionSwitchSchema } from '../../contract/requests/collection.js';
import * as service from './collection.service.js';

/** Bookmarks: switch a question's bookmark (the caller's list of them is a personal page: personal.routes). */
export function registerCollection(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  api.post('/collection/switch', auth(ctx, 'active'), validate(collectionSwitchSchema), async (_req, res) => {
    ok(res, await service.switchCollection(ctx, requireSession(res), inputOf(collectionSwitchSchema, res)));
  });
}
