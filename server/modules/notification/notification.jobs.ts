import type { AppContext } from '../../app-context.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { runDigestIfDue } from './notification.mail.js';

const DIGEST_CHECK_MS = 60 * 60 * 1000;
const DIGEST_FIRST_CHECK_MS = 60 * 1000;

/** Looks a minute after start and then hourly whether the weekly new-questions mail is due; once per site. */
export function digestJob(ctx: AppContext): JobSpec | null {
  if (!ctx.config.backgroundJobs) return null;
  return {
    name: 'notification.digest',
    firstMs: DIGEST_FIRST_CHECK_MS,
    everyMs: DIGEST_CHECK_MS,
    leaderOnly: true,
    failure: 'weekly digest failed',
    run: async () => void (await runDigestIfDue(ctx)),
  };
}
