import type { AppContext } from '../../app-context.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { scheduleTick } from './backup.service.js';

/** How often the schedule is looked at. */
const SCHEDULE_CHECK_MS = 60_000;

/** Looks at the backup schedule every minute and takes a scheduled backup when one is due (see scheduleTick). */
export function backupScheduleJob(ctx: AppContext): JobSpec | null {
  if (!ctx.config.backgroundJobs) return null;
  return {
    name: 'backup.schedule',
    everyMs: SCHEDULE_CHECK_MS,
    failure: 'scheduled backup failed',
    run: async () => void (await scheduleTick(ctx)),
  };
}
