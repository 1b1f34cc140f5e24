import { createHmac } from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import * as repo from './webhook.repository.js';
import { postJson, type SendResult } from './webhook.target.js';

/** How long one POST may take in all. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Waits before the 2nd, 3rd, ... attempt (seconds); after the last a delivery has failed. */
export const BACKOFF_S = [10, 60, 300, 1800, 7200] as const;
/** Attempts a delivery gets before it is marked failed. */
export const MAX_ATTEMPTS = BACKOFF_S.length + 1;
/** How long a settled delivery stays in the log (30 days). */
export const LOG_KEEP_S = 30 * 86_400;
/** How often each process looks for due deliveries (a new one also wakes it at once). */
export const POLL_MS = 1000;
/** A claim's lease: past it (the process died mid-send) another process may claim the row again. */
const LEASE_S = 60;
/** Sends one process runs at once. */
const MAX_IN_FLIGHT = 8;

/** The signature of a body: hex HMAC-SHA256 of `${timestamp}.${body}` with the hook's secret. */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/**
 * Sends due deliveries in the background: a pass at once when woken (an event queued one), else
 * one every POLL_MS (the webhook.delivery job wakes it). Each row is claimed with one guarded UPDATE before it is sent, so with several
 * processes on one database each delivery is sent by one of them. Sends run beside each other (a
 * slow receiver holds only its own); on close the sends in flight are awaited.
 */
export class DeliveryWorker {
  private readonly inFlight = new Set<Promise<void>>();
  private passing: Promise<void> | null = null;
  private again = false;
  private closed = false;

  constructor(private readonly ctx: AppContext) {}

  /** Runs a pass soon (another follows if one is running). */
  wake(): void {
    if (this.closed) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    this.passing = this.pass()
      .catch((err: unknown) => this.ctx.logger.warn({ err }, 'webhook delivery pass failed'))
      .finally(() => {
        this.passing = null;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Takes no more passes and waits for the pass and the sends in flight. */
  async close(): Promise<void> {
    this.closed = true;
    await this.passing;
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private async pass(): Promise<void> {
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    if (room <= 0) return;
    const now = this.ctx.clock.now();
    for (const id of await repo.dueDeliveryIds(this.ctx.db, now, room)) {
      if (this.closed) return;
      const row = await repo.claimDelivery(this.ctx.db, id, now, now + LEASE_S);
      if (!row) continue;
      const send = this.send(row).catch((err: unknown) => this.ctx.logger.warn({ err, delivery: id }, 'webhook delivery failed'));
      this.inFlight.add(send);
      void send.finally(() => {
        this.inFlight.delete(send);
        // a freed slot may let a waiting delivery go
        this.wake();
      });
    }
  }

  private async send(row: repo.DeliveryRow): Promise<void> {
    const hook = await repo.findHook(this.ctx.db, row.webhook_id);
    const result: SendResult = hook
      ? await postJson(hook.url, row.payload, this.headers(hook, row), { allowLan: hook.allow_lan === 1, timeoutMs: DELIVERY_TIMEOUT_MS })
      : { code: null, ms: 0, excerpt: '', error: 'the webhook was deleted' };
    const now = this.ctx.clock.now();
    const succeeded = result.code !== null && result.code >= 200 && result.code < 300;
    const retry = !succeeded && hook && row.attempts < MAX_ATTEMPTS;
    await repo.settleDelivery(this.ctx.db, row.id, row.attempts, {
      status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed',
      next_attempt_at: retry ? now + BACKOFF_S[row.attempts - 1] : now,
      response_code: result.code,
      response_ms: result.ms,
      response_excerpt: result.excerpt,
      error: result.error.slice(0, 300),
      updated_at: now,
    });
  }

  private headers(hook: repo.WebhookRow, row: repo.DeliveryRow): Record<string, string> {
    const timestamp = this.ctx.clock.now();
    return {
      'user-agent': `Lantern-Webhook/${this.ctx.config.version}`,
      'x-lantern-event': row.event_type,
      'x-lantern-event-id': row.event_id,
      'x-lantern-delivery': String(row.id),
      'x-lantern-timestamp': String(timestamp),
      'x-lantern-signature': `sha256=${signatureOf(hook.secret, timestamp, row.payload)}`,
    };
  }
}
