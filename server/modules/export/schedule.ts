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
 * The scheduled exports' background job, for the app's job registry (modules/jobs.ts): a look every
 * EXPORT_CHECK_MS in the leading process, off any request; its stop ends the run going on (app.close()
 * waits for that run to be recorded). Not started where background jobs are off.
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
