import type { AppContext } from '../../app-context.js';
import { auth, requireSession } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { okShared } from '../../http/shared-response.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { subscribeNotifications } from './notification.events.js';
import { notificationIdSchema, notificationPageQuery, notificationTypeSchema } from '../../contract/requests/notification.js';
import * as service from './notification.service.js';

/** Notifications: the inbox and achievements, the polled red-dot status, read state; plus the writers and mails behind them. */
export function registerNotification(ctx: AppContext, routers: Routers): void {
  const { api } = typed(routers);
  subscribeNotifications(ctx);

  api.get('/notification/page', auth(ctx, 'active'), validate(notificationPageQuery, 'query'), async (req, res) => {
    ok(res, await service.notificationPage(ctx, requireSession(res), inputOf(notificationPageQuery, res), requestLanguage(req)));
  });
  api.get('/notification/status', auth(ctx, 'active'), async (req, res) => {
    // polled by every open page: reused until the user's notifications or the review counts change (dropReusedOnChange)
    const session = requireSession(res);
    await okShared(ctx, res, service.redDotKey(session.user.id), ctx.config.pageTtlMs, () =>
      service.redDot(ctx, session, requestLanguage(req)),
    );
  });
  api.put('/notification/status', auth(ctx, 'active'), validate(notificationTypeSchema), async (req, res) => {
    ok(res, await service.clearRedDot(ctx, requireSession(res), inputOf(notificationTypeSchema, res).type, requestLanguage(req)));
  });
  api.put('/notification/read/state/all', auth(ctx, 'active'), validate(notificationTypeSchema), async (_req, res) => {
    ok(res, await service.readAll(ctx, requireSession(res), inputOf(notificationTypeSchema, res).type));
  });
  api.put('/notification/read/state', auth(ctx, 'active'), validate(notificationIdSchema), async (_req, res) => {
    ok(res, await service.readOne(ctx, requireSession(res), inputOf(notificationIdSchema, res).id));
  });
}
