import type { AppContext } from '../../app-context.js';
import type { Routers } from '../index.js';
import { searchDialect } from './search.service.js';

/** First run a few seconds after start (not in the way of the first pages), then this often. */
export const TERM_LISTS_FIRST_MS = 5000;
export const TERM_LISTS_EVERY_MS = 10 * 60_000;

/**
 * Keeps the search engine's work made ahead of time up to date (on SQLite: common words' best
 * posts, see refreshTermLists), once per site: on the leading process. A pass that finds nothing
 * changed costs two reads by key. On close the timers are cleared and a pass in progress stops after
 * its current list and is awaited.
 */
export function registerTermLists(ctx: AppContext, _routers: Routers): void {
  const dialect = searchDialect(ctx);
  const refresh = dialect.refreshLists?.bind(dialect);
  if (!ctx.config.backgroundJobs || !refresh) return;
  let closing = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      if (closing || !ctx.peers.leader) return;
      const started = performance.now();
      try {
        const done = await refresh(ctx.db, { stopped: () => closing });
        if (done.pass) ctx.logger.info({ ...done, ms: Math.round(performance.now() - started) }, 'search lists refreshed');
      } catch (err) {
        ctx.logger.warn({ err }, 'search list refresh failed');
      }
    });
  };
  const first = setTimeout(run, TERM_LISTS_FIRST_MS);
  first.unref();
  const every = setInterval(run, TERM_LISTS_EVERY_MS);
  every.unref();
  ctx.beforeClose.push(async () => {
    closing = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
