import type { AppContext } from '../../app-context.js';
import { appSlot } from '../../infra/app-state.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { DeliveryWorker, LOG_KEEP_S, POLL_MS } from './webhook.delivery.js';
import { purgeSettledDeliveries } from './webhook.repository.js';

const WORKER = appSlot<DeliveryWorker>('webhook.worker');

/** The app's one delivery worker (its routes, event subscribers and job share it). */
export function webhookWorker(ctx: AppContext): DeliveryWorker {
  return ctx.state.getOrMake(WORKER, () => new DeliveryWorker(ctx));
}

/** Wakes the sender every POLL_MS (events and pings wake it sooner); on stop the sends in flight are awaited. */
export function webhookDeliveryJob(ctx: AppContext): JobSpec {
  const worker = webhookWorker(ctx);
  return {
    name: 'webhook.delivery',
    everyMs: POLL_MS,
    run: async () => worker.wake(),
    stop: () => worker.close(),
  };
}

/** The log keeps settled deliveries for LOG_KEEP_S (pending ones stay until they settle): purged hourly, once per site. */
export function webhookPurgeJob(ctx: AppContext): JobSpec {
  return {
    name: 'webhook.purge',
    firstMs: 60_000,
    everyMs: 3_600_000,
    leaderOnly: true,
    failure: 'purging old webhook deliveries failed',
    run: async () => void (await purgeSettledDeliveries(ctx.db, ctx.clock.now() - LOG_KEEP_S)),
  };
}
