import type { AppContext } from '../app-context.js';

/**
 * A once-per-site background job: a first run `firstMs` after start, then one every `everyMs`, on
 * the leading process only (on PostgreSQL every process keeps the timers and the one leading runs
 * it), one run at a time. The timers do not keep the process alive. On close they are cleared and a
 * run in progress is told to stop (`stopped()`) and awaited, so it never reads or writes while the
 * database is being closed. A failed run is logged as `failure` and the next goes on.
 */
export function scheduleSiteJob(
  ctx: AppContext,
  job: {
    firstMs: number;
    everyMs: number;
    failure: string;
    run: (opts: { first: boolean; stopped: () => boolean }) => Promise<void>;
  },
): void {
  let closing = false;
  let running: Promise<void> = Promise.resolve();
  const run = (first: boolean) => {
    running = running.then(async () => {
      if (closing || !ctx.peers.leader) return;
      try {
        await job.run({ first, stopped: () => closing });
      } catch (err) {
        ctx.logger.warn({ err }, job.failure);
      }
    });
  };
  const atStart = setTimeout(() => run(true), job.firstMs);
  atStart.unref();
  const every = setInterval(() => run(false), job.everyMs);
  every.unref();
  ctx.beforeClose.push(async () => {
    closing = true;
    clearTimeout(atStart);
    clearInterval(every);
    await running;
  });
}
