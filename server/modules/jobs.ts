import type { AppContext } from '../app-context.js';
import type { JobSpec } from '../infra/jobs/registry.js';
import { backupScheduleJob } from './backup/backup.jobs.js';
import { exportScheduleJob } from './export/schedule.js';
import { digestJob } from './notification/notification.jobs.js';
import { hotScoreJob } from './question/hot-score.js';
import { viewCounterJob } from './question/view-counter.js';
import { termListsJob } from './search/term-lists.js';
import { sessionPurgeJob } from './user/sign-in.purge.js';
import { orphanUploadsJob } from './upload/upload.orphans.js';
import { webhookDeliveryJob, webhookPurgeJob } from './webhook/webhook.jobs.js';

/** Makes a module's background job for this app, or null when the configuration turns it off. */
export type JobFactory = (ctx: AppContext) => JobSpec | null;

/**
 * Every background job, in start order (stopped in reverse by app.close()). The view counter starts
 * first and so stops last: its final flush runs after every other job has stopped writing.
 */
export const JOBS: JobFactory[] = [
  viewCounterJob,
  sessionPurgeJob,
  backupScheduleJob,
  exportScheduleJob,
  hotScoreJob,
  termListsJob,
  orphanUploadsJob,
  digestJob,
  webhookDeliveryJob,
  webhookPurgeJob,
];
