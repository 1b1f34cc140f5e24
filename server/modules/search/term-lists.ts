import type { AppContext } from '../../app-context.js';
import type { JobSpec } from '../../infra/jobs/registry.js';
import { searchDialect } from './search.service.js';

/** First run a few seconds after start (not in the way of the first pages), then this often. */
export const TERM_LISTS_FIRST_MS = 5000;
export const TERM_LISTS_EVERY_MS = 10 * 60_000;

/**
 * Keeps the search engine's work made ahead of time up to date (on SQLite: common words' best
 * posts, see refreshTermLists), once per site. A pass that finds nothing
 * changed costs two reads by key; on close a pass in progress stops after its current list.
 */
export function termListsJob(ctx: AppContext): JobSpec | null {
  const dialect = searchDialect(ctx);
  const refresh = dialect.refreshLists?.bind(dialect);
  if (!ctx.config.backgroundJobs || !refresh) return null;
  return {
    name: 'search.term-lists',
    leaderOnly: true,
    firstMs: TERM_LISTS_FIRST_MS,
    everyMs: TERM_LISTS_EVERY_MS,
    failure: 'search list refresh failed',
    run: async ({ stopped }) => {
      const started = performance.now();
      const done = await refresh(ctx.db, { stopped });
      if (done.pass) ctx.logger.info({ ...done, ms: Math.round(performance.now() - started) }, 'search lists refreshed');
    },
  };
}
