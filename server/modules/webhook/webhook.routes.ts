import type { Request } from 'express';
import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { webhookWorker } from './webhook.jobs.js';
import { createHookSchema, deliveriesQuery, updateHookSchema } from '../../contract/requests/webhook.js';
import * as service from './webhook.service.js';

/** The numeric id in a path (NaN when it is not one; the service answers 404). */
const idParam = (req: Request) => (/^\d{1,15}$/.test(String(req.params.id)) ? Number(req.params.id) : NaN);

/**
 * Admin → Webhooks: hooks (list, create, change, delete), a hook's delivery log, a test ping and
 * resending a delivery. The background sender is a job (webhook.jobs.ts).
 */
export function registerWebhook(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  const worker = webhookWorker(ctx);
  service.subscribeWebhooks(ctx, worker);

  admin.get('/webhooks', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await service.listHooks(ctx));
  });
  admin.post('/webhooks', auth(ctx, 'admin'), validate(createHookSchema), async (_req, res) => {
    ok(res, await service.createHook(ctx, inputOf(createHookSchema, res)));
  });
  admin.put('/webhooks/:id', auth(ctx, 'admin'), validate(updateHookSchema), async (req, res) => {
    ok(res, await service.updateHook(ctx, idParam(req), inputOf(updateHookSchema, res)));
  });
  admin.delete('/webhooks/:id', auth(ctx, 'admin'), async (req, res) => {
    await service.deleteHook(ctx, idParam(req));
    ok(res, null);
  });
  admin.get('/webhooks/:id/deliveries', auth(ctx, 'admin'), validate(deliveriesQuery, 'query'), async (req, res) => {
    const q = inputOf(deliveriesQuery, res);
    ok(res, await service.deliveries(ctx, idParam(req), q.page, q.page_size));
  });
  admin.post('/webhooks/:id/ping', auth(ctx, 'admin'), async (req, res) => {
    ok(res, await service.ping(ctx, worker, idParam(req)));
  });
  admin.post('/webhooks/deliveries/:id/resend', auth(ctx, 'admin'), async (req, res) => {
    ok(res, await service.resend(ctx, worker, idParam(req)));
  });
}
