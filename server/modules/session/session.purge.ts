import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';
import { deleteDeadCodes } from '../user/email-code.repository.js';

/**
 * Deletes the rows that have expired, at start and then every `config.sessionPurgeMs` (an hour):
 * each of these tables only grew before, its expired rows refused but kept. Each step runs on its
 * own (one failing is logged and the others still run), one pass at a time; the timer is cleared
 * on close and a pass in progress awaited.
 */
export function registerSessionPurge(ctx: AppContext, _routers: Routers): void {
  const steps: { what: string; run: () => Promise<void> }[] = [
    { what: 'sessions', run: () => ctx.sessions.purgeExpired() },
    // the attempt counters whose window has ended
    { what: 'attempt counters', run: () => ctx.limits.purgeEnded() },
    // captchas past their five minutes, and the captcha counters of past days
    { what: 'captchas', run: () => ctx.captcha.purgeExpired() },
    // e-mail links expired or used (an unsubscribe link is made for every notice mailed)
    { what: 'e-mail codes', run: () => deleteDeadCodes(ctx.db, ctx.clock.now()) },
  ];
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = running.then(async () => {
      for (const step of steps) {
        await step.run().catch((err: unknown) => ctx.logger.warn({ err }, `purging expired ${step.what} failed`));
      }
    });
  };
  purge();
  const timer = ctx.config.sessionPurgeMs > 0 ? setInterval(purge, ctx.config.sessionPurgeMs) : undefined;
  timer?.unref();
  ctx.beforeClose.push(async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
