import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, captchaOff } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { TERM_LISTS_EVERY_MS, TERM_LISTS_FIRST_MS } from './term-lists.js';

// The app's timers run on a fake clock the test moves (the database and HTTP keep real time): what the
// test sees is the lists table the job writes, and a search that reads it.

describe('the search lists job in a running app', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
    vi.useRealTimers();
  });

  const rows = async () =>
    (await sql<{ term: string; index_posts: number }>`SELECT term, index_posts FROM search_term_list`.execute(app!.lantern.ctx.db)).rows;

  it.skipIf(onPostgres)('makes its pass a few seconds after start, and again once enough posts came since', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    app = await startTestApp({ config: { backgroundJobs: true } });
    await captchaOff(app);
    const token = await adminToken(app);
    for (let i = 0; i < 3; i++) await askQuestion(app, token, { title: `Lantern wick question number ${i} of the index` });
    // not in the way of the first pages: nothing yet
    await vi.advanceTimersByTimeAsync(TERM_LISTS_FIRST_MS - 1);
    expect(await rows()).toEqual([]);
    // then the pass: its mark (term '') says as of how many indexed posts it was made
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect((await rows()).map((r) => r.term)).toEqual(['']), { timeout: 10_000, interval: 20 });
    const first = Number((await rows())[0].index_posts);
    expect(first).toBeGreaterThanOrEqual(3);
    // searches keep working with the mark in place
    const found = await app.call('GET', '/answer/api/v1/search?q=wick&page=1&size=20', { token });
    expect(found.status).toBe(200);
    expect(found.body.data.count).toBe(3);
    // posts added since: the next pass, the interval later, marks the index as it is now
    for (let i = 3; i < 8; i++) await askQuestion(app, token, { title: `Lantern wick question number ${i} of the index` });
    await vi.advanceTimersByTimeAsync(TERM_LISTS_EVERY_MS);
    await vi.waitFor(async () => expect(Number((await rows())[0].index_posts)).toBeGreaterThanOrEqual(first + 5), {
      timeout: 10_000,
      interval: 20,
    });
  });

  it.runIf(onPostgres)('is not set up on PostgreSQL, whose search keeps no lists', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    app = await startTestApp({ config: { backgroundJobs: true } });
    await vi.advanceTimersByTimeAsync(TERM_LISTS_FIRST_MS + TERM_LISTS_EVERY_MS);
    const table = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'search_term_list'`.execute(app.lantern.ctx.db);
    expect(Number(table.rows[0].n)).toBe(0);
  });
});
