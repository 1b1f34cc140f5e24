import { randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { WebhookDeliveryInfo, WebhookEvent, WebhookInfo, WebhookWithSecret } from '../../contract/api/webhook.js';
import { WEBHOOK_EVENTS } from '../../contract/limits.js';
import { badRequest, fieldError, notFound } from '../../http/errors.js';
import type { DomainEvent } from '../../infra/events.js';
import type { DeliveryWorker } from './webhook.delivery.js';
import { payloadOf } from './webhook.payload.js';
import { eventsOf, presentDelivery, presentHook } from './webhook.presenter.js';
import * as repo from './webhook.repository.js';
import type { CreateHookInput, UpdateHookInput } from './webhook.schema.js';
import { urlProblem } from './webhook.target.js';

/** Hooks a site may have. */
export const MAX_HOOKS = 50;

/** A new secret: 32 random bytes, base64url, with a prefix that says what it is. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function checkUrl(url: string, allowLan: boolean): void {
  const problem = urlProblem(url, allowLan);
  if (problem) throw fieldError(problem, 'url');
}

async function hookOr404(ctx: AppContext, id: number): Promise<repo.WebhookRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await repo.findHook(ctx.db, id) : undefined;
  if (!row) throw notFound('error.webhook.not_found');
  return row;
}

/** Every hook with its newest delivery's state. */
export async function listHooks(ctx: AppContext): Promise<WebhookInfo[]> {
  const [rows, last] = await Promise.all([repo.listHooks(ctx.db), repo.lastStatuses(ctx.db)]);
  return rows.map((r) => presentHook(r, last.get(r.id) ?? null));
}

/** Registers a hook; the answer is the only one that shows its secret (besides a rotation's). */
export async function createHook(ctx: AppContext, input: CreateHookInput): Promise<WebhookWithSecret> {
  const allowLan = input.allow_lan ?? false;
  checkUrl(input.url, allowLan);
  if ((await repo.countHooks(ctx.db)) >= MAX_HOOKS) throw badRequest('error.webhook.too_many', [], { max: MAX_HOOKS });
  const now = ctx.clock.now();
  const secret = newSecret();
  const id = await repo.insertHook(ctx.db, {
    url: input.url,
    description: input.description ?? '',
    events: JSON.stringify([...new Set(input.events)]),
    secret,
    active: input.active === false ? 0 : 1,
    allow_lan: allowLan ? 1 : 0,
    created_at: now,
    updated_at: now,
  });
  return { ...presentHook((await repo.findHook(ctx.db, id))!), secret };
}

/** Changes a hook; with rotate_secret a new secret is made and returned once. */
export async function updateHook(ctx: AppContext, id: number, input: UpdateHookInput): Promise<WebhookInfo | WebhookWithSecret> {
  await hookOr404(ctx, id);
  const allowLan = input.allow_lan ?? false;
  checkUrl(input.url, allowLan);
  const secret = input.rotate_secret ? newSecret() : undefined;
  await repo.updateHook(ctx.db, id, {
    url: input.url,
    description: input.description ?? '',
    events: JSON.stringify([...new Set(input.events)]),
    active: input.active === false ? 0 : 1,
    allow_lan: allowLan ? 1 : 0,
    updated_at: ctx.clock.now(),
    ...(secret ? { secret } : {}),
  });
  const shown = presentHook((await repo.findHook(ctx.db, id))!);
  return secret ? { ...shown, secret } : shown;
}

/** Deletes a hook and its log. */
export async function deleteHook(ctx: AppContext, id: number): Promise<void> {
  await hookOr404(ctx, id);
  await repo.deleteHook(ctx.db, id);
}

/** One page of a hook's delivery log, newest first. */
export async function deliveries(ctx: AppContext, id: number, page: number, pageSize: number) {
  await hookOr404(ctx, id);
  const { count, rows } = await repo.pageDeliveries(ctx.db, id, page, pageSize);
  return { count, list: rows.map(presentDelivery) };
}

function envelope(eventId: string, type: WebhookEvent | 'ping', createdAt: number, data: Record<string, unknown>): string {
  return JSON.stringify({ id: eventId, type, created_at: createdAt, data });
}

/** Queues a ping to one hook (subscribed or not, active or not) and wakes the sender. */
export async function ping(ctx: AppContext, worker: DeliveryWorker, id: number): Promise<WebhookDeliveryInfo> {
  const hook = await hookOr404(ctx, id);
  const now = ctx.clock.now();
  const eventId = randomUUID();
  const [deliveryId] = await repo.insertDeliveries(ctx.db, [
    {
      webhook_id: hook.id,
      event_id: eventId,
      event_type: 'ping',
      payload: envelope(eventId, 'ping', now, { webhook_id: String(hook.id), message: 'Lantern webhook test' }),
      status: 'pending',
      next_attempt_at: now,
      resent_from: null,
      created_at: now,
      updated_at: now,
    },
  ]);
  worker.wake();
  return presentDelivery((await repo.findDelivery(ctx.db, deliveryId))!);
}

/** Queues a delivery again (a new log row with the same event id and body, retries afresh). */
export async function resend(ctx: AppContext, worker: DeliveryWorker, deliveryId: number): Promise<WebhookDeliveryInfo> {
  const old = Number.isSafeInteger(deliveryId) && deliveryId > 0 ? await repo.findDelivery(ctx.db, deliveryId) : undefined;
  if (!old) throw notFound('error.webhook.delivery_not_found');
  await hookOr404(ctx, old.webhook_id);
  const now = ctx.clock.now();
  const [id] = await repo.insertDeliveries(ctx.db, [
    {
      webhook_id: old.webhook_id,
      event_id: old.event_id,
      event_type: old.event_type,
      payload: old.payload,
      status: 'pending',
      next_attempt_at: now,
      resent_from: old.id,
      created_at: now,
      updated_at: now,
    },
  ]);
  worker.wake();
  return presentDelivery((await repo.findDelivery(ctx.db, id))!);
}

/** Queues one delivery per active hook subscribed to the event (after its transaction committed), then wakes the sender. */
async function enqueue(ctx: AppContext, worker: DeliveryWorker, e: DomainEvent): Promise<void> {
  const hooks = await repo.activeHooks(ctx.db);
  const subscribed = hooks.filter((h) => eventsOf(h).includes(e.type as WebhookEvent));
  if (!subscribed.length) return;
  const payload = await payloadOf(ctx, e);
  if (!payload) return;
  const now = ctx.clock.now();
  const eventId = randomUUID();
  const body = envelope(eventId, payload.type, now, payload.data);
  await repo.insertDeliveries(
    ctx.db,
    subscribed.map((h) => ({
      webhook_id: h.id,
      event_id: eventId,
      event_type: payload.type,
      payload: body,
      status: 'pending',
      next_attempt_at: now,
      resent_from: null,
      created_at: now,
      updated_at: now,
    })),
  );
  worker.wake();
}

/** Subscribes the hooks to the domain events they can receive. */
export function subscribeWebhooks(ctx: AppContext, worker: DeliveryWorker): void {
  for (const type of WEBHOOK_EVENTS) ctx.events.on(type, (e) => enqueue(ctx, worker, e));
}
