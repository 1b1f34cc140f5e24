import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { startTestApp } from '../../../tests/support/test-app.js';
import { TERM_LISTS_EVERY_MS, TERM_LISTS_FIRST_MS } from './term-lists.js';

describe('the search lists job in a running app', () => {
  afterEach(() => vi.restoreAllMocks());

  it.skipIf(onPostgres)(
    'passes a few seconds after start and then every few minutes; close() clears its timers and awaits it',
    async () => {
      const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
      const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
      const app = await startTestApp({ config: { backgroundJobs: true } });
      const first = setTimeoutSpy.mock.calls.findIndex((c) => c[1] === TERM_LISTS_FIRST_MS);
      const every = setIntervalSpy.mock.calls.findIndex((c) => c[1] === TERM_LISTS_EVERY_MS);
      expect(first).toBeGreaterThanOrEqual(0);
      expect(every).toBeGreaterThanOrEqual(0);
      const info = vi.spyOn(app.lantern.ctx.logger, 'info');
      // run the first pass now rather than wait for its timer
      (setTimeoutSpy.mock.calls[first][0] as () => void)();
      await vi.waitFor(() => expect(info.mock.calls.some((c) => c[1] === 'search lists refreshed')).toBe(true), { timeout: 10_000 });
      // the pass left its mark: the next one finds nothing changed
      const { rows } = await sql<{ term: string }>`SELECT term FROM search_term_list`.execute(app.lantern.ctx.db);
      expect(rows.map((r) => r.term)).toContain('');
      const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout');
      const clearIntervalSpy = vi.spyOn(globalThis, 'clearInterval');
      await app.stop();
      expect(clearTimeoutSpy).toHaveBeenCalledWith(setTimeoutSpy.mock.results[first].value);
      expect(clearIntervalSpy).toHaveBeenCalledWith(setIntervalSpy.mock.results[every].value);
    },
  );

  it.runIf(onPostgres)('is not set up on PostgreSQL, whose search keeps no lists', async () => {
    const setIntervalSpy = vi.spyOn(globalThis, 'setInterval');
    const app = await startTestApp({ config: { backgroundJobs: true } });
    expect(setIntervalSpy.mock.calls.some((c) => c[1] === TERM_LISTS_EVERY_MS)).toBe(false);
    await app.stop();
  });
});
