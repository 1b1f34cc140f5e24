import type { AppContext } from '../../app-context.js';
import {
  getExportSchedule,
  getLastRun,
  isExportRunning,
  nextScheduledRun,
  startExportRun,
  stopExportRun,
  type StoredRun,
} from './schedule.service.js';
import type { ExportRunners } from './schedule.steps.js';

/** How often the job looks at the schedule (a run starts within this of its time). */
export const EXPORT_CHECK_MS = 30_000;

/** The timer functions the job uses (tests pass their own and fire the tick themselves). */
export interface JobTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: JobTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/**
 * One look at the schedule (every EXPORT_CHECK_MS; tests call it with a moved clock): when the
 * next run's time has come and nothing runs, starts a run and resolves with `done`, the
 * recorded run's promise (the look itself does not wait for the run); else null.
 */
export async function exportScheduleTick(ctx: AppContext, runners?: ExportRunners): Promise<{ done: Promise<StoredRun> } | null> {
  if (isExportRunning(ctx)) return null;
  const [schedule, last] = await Promise.all([getExportSchedule(ctx), getLastRun(ctx)]);
  const next = nextScheduledRun(schedule, last);
  if (next === null || next > ctx.clock.now()) return null;
  try {
    return await startExportRun(ctx, 'schedule', runners);
  } catch (err) {
    // busy (a backup or restore runs): the next look tries again
    ctx.logger.debug({ err }, 'scheduled exports postponed');
    return null;
  }
}

/**
 * The scheduled exports' background job: looks at the schedule on a timer and runs the exports
 * when they are due, off any request. stop() ends the timer and the run going on (app.close()
 * also waits for that run to be recorded).
 */
export function startScheduledExports(
  ctx: AppContext,
  opts: { timers?: JobTimers; everyMs?: number; runners?: ExportRunners } = {},
): { stop(): void } {
  const timers = opts.timers ?? realTimers;
  const tick = () =>
    void exportScheduleTick(ctx, opts.runners).catch((err: unknown) => ctx.logger.warn({ err }, 'scheduled exports check failed'));
  let handle: unknown = timers.setInterval(tick, opts.everyMs ?? EXPORT_CHECK_MS);
  const stop = () => {
    if (handle === null) return;
    timers.clearInterval(handle);
    handle = null;
    void stopExportRun(ctx);
  };
  ctx.beforeClose.push(async () => {
    stop();
    await stopExportRun(ctx);
  });
  return { stop };
}

/**
 * The same job for the app's job registry (modules/jobs.ts): a look every EXPORT_CHECK_MS in the
 * leading process; its stop ends the run going on. Off where background jobs are.
 */
export function exportScheduleJob(ctx: AppContext) {
  if (!ctx.config.backgroundJobs) return null;
  return {
    name: 'export.schedule',
    everyMs: EXPORT_CHECK_MS,
    leaderOnly: true,
    failure: 'scheduled exports check failed',
    run: async () => void (await exportScheduleTick(ctx)),
    stop: () => stopExportRun(ctx),
  };
}
