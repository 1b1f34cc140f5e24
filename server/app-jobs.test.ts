import { describe, expect, it } from 'vitest';
import { insertQuestion } from '../tests/support/factories.js';
import { onPostgres } from '../tests/support/pg-test-db.js';
import { startTestApp } from '../tests/support/test-app.js';
import { manualTimers } from './infra/jobs/manual-timers.js';

describe('createApp: background jobs', () => {
  it('starts every job in the registry, in declared order, and close stops them all', async () => {
    const timers = manualTimers();
    const app = await startTestApp({ config: { backgroundJobs: true, viewFlushMs: 1000 }, deps: { timers } });
    const jobs = app.lantern.ctx.jobs;
    expect(jobs.running()).toEqual([
      'question.view-counter',
      'session.purge',
      'backup.schedule',
      'export.schedule',
      'question.hot-score',
      // the stored search lists are SQLite's (PostgreSQL ranks with its own full-text index)
      ...(onPostgres ? [] : ['search.term-lists']),
      'upload.orphans',
      'notification.digest',
      'webhook.delivery',
      'webhook.purge',
    ]);
    // every timer a job runs on is the registry's
    expect(timers.pending()).toBeGreaterThan(0);
    await app.stop();
    expect(jobs.running()).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('writes buffered question views on its timer and the last ones on close', async () => {
    const timers = manualTimers();
    const app = await startTestApp({ config: { viewFlushMs: 1000 }, deps: { timers } });
    const { ctx } = app.lantern;
    const { countView, currentViewCount } = await import('./modules/question/view-counter.js');
    const { viewCountOf } = await import('./modules/question/question.repository.js');
    const id = await insertQuestion(app, { userId: 1 });
    const before = await viewCountOf(ctx.db, id);
    await countView(ctx, id);
    await countView(ctx, id);
    expect(await viewCountOf(ctx.db, id)).toBe(before);
    expect(await currentViewCount(ctx, id)).toBe(before + 2);
    await timers.advance(1000);
    await expect.poll(() => viewCountOf(ctx.db, id)).toBe(before + 2);
    await countView(ctx, id);
    await ctx.jobs.stop();
    expect(await viewCountOf(ctx.db, id)).toBe(before + 3);
    await app.stop();
  });
});
