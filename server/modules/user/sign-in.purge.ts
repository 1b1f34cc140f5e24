import type { AppContext } from '../../app-context.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { deleteDeadCodes } from './email-code.repository.js';

/**
 * Deletes the rows that have expired, at start and then every `config.sessionPurgeMs` (an hour):
 * each of these tables only grew before, its expired rows refused but kept. Each step runs on its
 * own (one failing is logged and the others still run); the registry runs one pass at a time and
 * awaits a pass in progress on stop. It lives in the user module, which owns the e-mail codes; the
 * sessions, counters and captchas it reaches through the context.
 */
export function sessionPurgeJob(ctx: AppContext): JobSpec {
  const steps: { what: string; run: () => Promise<void> }[] = [
    { what: 'sessions', run: () => ctx.sessions.purgeExpired() },
    // the attempt counters whose window has ended
    { what: 'attempt counters', run: () => ctx.limits.purgeEnded() },
    // captchas past their five minutes, and the captcha counters of past days
    { what: 'captchas', run: () => ctx.captcha.purgeExpired() },
    // e-mail links expired or used (an unsubscribe link is made for every notice mailed)
    { what: 'e-mail codes', run: () => deleteDeadCodes(ctx.db, ctx.clock.now()) },
  ];
  return {
    name: 'session.purge',
    firstMs: 0,
    everyMs: Math.max(0, ctx.config.sessionPurgeMs),
    run: async () => {
      for (const step of steps) {
        await step.run().catch((err: unknown) => ctx.logger.warn({ err }, `purging expired ${step.what} failed`));
      }
    },
  };
}
