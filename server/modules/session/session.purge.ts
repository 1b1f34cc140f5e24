import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';

/**
 * Deletes expired sessions at start and then every `config.sessionPurgeMs` (the table only grew
 * before: an expired token is refused but its row stayed). The timer is cleared on close.
 */
export function registerSessionPurge(ctx: AppContext, _routers: Routers): void {
  let running: Promise<void> = Promise.resolve();
  const purge = () => {
    running = running
      .then(() => ctx.sessions.purgeExpired())
      // the attempt counters whose window has ended go with them
      .then(() => ctx.limits.purgeEnded())
      .catch((err: unknown) => ctx.logger.warn({ err }, 'purging expired sessions failed'));
  };
  purge();
  const timer = ctx.config.sessionPurgeMs > 0 ? setInterval(purge, ctx.config.sessionPurgeMs) : undefined;
  timer?.unref();
  ctx.beforeClose.push(async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
