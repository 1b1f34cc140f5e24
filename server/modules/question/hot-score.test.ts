import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken, captchaOff } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { hotScore, refreshHotScores } from './hot-score.js';

const HOUR = 3600;
const NOW = 1_800_000_000;

describe('the hot score', () => {
  it('is the reference formula, stored as ceil(score * 10000)', () => {
    const q = { views: 100, answers: 3, votes: 5, answerVotes: 4, createdAt: NOW - 10 * HOUR, updatedAt: NOW - 2 * HOUR };
    const expected = Math.ceil(((Math.log(100) * 4 + (3 * 5) / 5 + 4) / Math.pow(10 + 1 - (10 - 2) / 2, 1.5)) * 10000);
    expect(hotScore(q, NOW)).toBe(expected);
    expect(expected).toBe(Math.ceil(((18.420680743952367 + 3 + 4) / Math.pow(7, 1.5)) * 10000));
  });

  it('is 0 for no views (ln 0) and for negative scores', () => {
    expect(hotScore({ views: 0, answers: 0, votes: 0, answerVotes: 0, createdAt: NOW, updatedAt: NOW }, NOW)).toBe(0);
    expect(hotScore({ views: 1, answers: 0, votes: 0, answerVotes: -3, createdAt: NOW - HOUR, updatedAt: NOW - HOUR }, NOW)).toBe(0);
  });

  it('ranks a fresh, busy question above an old quiet one', () => {
    const fresh = hotScore({ views: 50, answers: 2, votes: 3, answerVotes: 2, createdAt: NOW - 2 * HOUR, updatedAt: NOW - HOUR }, NOW);
    const old = hotScore(
      { views: 50, answers: 2, votes: 3, answerVotes: 2, createdAt: NOW - 60 * 24 * HOUR, updatedAt: NOW - 60 * 24 * HOUR },
      NOW,
    );
    expect(fresh).toBeGreaterThan(old);
  });
});

describe('the hourly refresh', () => {
  let app: TestApp;
  beforeEach(async () => {
    app = await startTestApp();
    await captchaOff(app);
  });
  afterEach(async () => app.stop());

  it('scores every question at start, then the last 90 days hourly, and orders question/page?order=hot by it over questions of any age', async () => {
    const token = await adminToken(app);
    const ask = (title: string) => askQuestion(app, token, { title, content: 'Some body text here.', tags: ['hot'] });
    const quiet = await ask('A quiet question');
    const busy = await ask('A busy question');
    const ancient = await ask('An ancient question');
    const db = app.lantern.ctx.db;
    const now = app.lantern.ctx.clock.now();
    await db.updateTable('question').set({ view_count: 500, vote_count: 4, answer_count: 2 }).where('id', '=', busy).execute();
    await db.updateTable('question').set({ view_count: 3 }).where('id', '=', quiet).execute();
    await db
      .updateTable('question')
      .set({ view_count: 9000, hot_score: 0, created_at: now - 100 * 86400, updated_at: now - 100 * 86400 })
      .where('id', '=', ancient)
      .execute();
    // at start (and after an import) every question is scored
    expect(await refreshHotScores(db, now + 60, { all: true })).toBe(3);
    const scores = async () =>
      new Map((await db.selectFrom('question').select(['id', 'hot_score']).execute()).map((r) => [r.id, r.hot_score]));
    const first = await scores();
    expect(first.get(busy)).toBeGreaterThan(first.get(quiet)!);
    expect(first.get(ancient)).toBeGreaterThan(0);
    // the inputs are read a page at a time: pages of one and of two give every question the same score
    for (const pageSize of [1, 2]) {
      await db.updateTable('question').set({ hot_score: 0 }).execute();
      expect(await refreshHotScores(db, now + 60, { all: true, pageSize })).toBe(3);
      expect(await scores()).toEqual(first);
    }
    // a run asked to stop (the app closing) ends after the page it is on
    await db.updateTable('question').set({ hot_score: 0 }).execute();
    let pages = 0;
    expect(await refreshHotScores(db, now + 60, { all: true, pageSize: 1, stopped: () => pages++ >= 1 })).toBe(1);
    expect([...(await scores()).values()].filter((v) => v > 0)).toHaveLength(1);
    await refreshHotScores(db, now + 60, { all: true });
    // the hourly refresh moves the recent ones only; the old one keeps its score
    await db.updateTable('question').set({ hot_score: 5 }).where('id', '=', ancient).execute();
    expect(await refreshHotScores(db, now + 120)).toBe(2);
    expect((await scores()).get(ancient)).toBe(5);
    const list = await app.call('GET', '/answer/api/v1/question/page?order=hot&page=1&page_size=10');
    expect(list.body.data.count).toBe(3);
    expect(list.body.data.list.map((q: { id: string }) => q.id)).toEqual([busy, quiet, ancient]);
  });
});

describe('the job in a running app', () => {
  // the app's timers run on a fake clock the test moves (the database and HTTP keep real time), and the
  // app's own clock is moved with it: what the test sees is the hot order the API gives
  afterEach(() => vi.useRealTimers());

  let app: TestApp | undefined;
  afterEach(async () => app?.stop());

  it('scores the questions a second after start, and rescores them an hour later as they changed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    app = await startTestApp({ config: { backgroundJobs: true } });
    await captchaOff(app);
    const token = await adminToken(app);
    const start = app.lantern.ctx.clock.now();
    const quiet = await askQuestion(app, token, { title: 'A quiet question about wicks' });
    const busy = await askQuestion(app, token, { title: 'A busy question about chimneys' });
    const db = app.lantern.ctx.db;
    await db.updateTable('question').set({ view_count: 3 }).where('id', '=', quiet).execute();
    await db.updateTable('question').set({ view_count: 500, vote_count: 4, answer_count: 2 }).where('id', '=', busy).execute();
    const hot = async () =>
      (await app!.call('GET', '/answer/api/v1/question/page?order=hot&page=1&page_size=10')).body.data.list.map(
        (q: { id: string }) => q.id,
      );
    const scores = async () => (await db.selectFrom('question').select('hot_score').orderBy('id').execute()).map((r) => r.hot_score);
    // nothing has scored the new numbers yet: the busy question, asked last, is not yet first for them
    const before = await scores();
    await vi.advanceTimersByTimeAsync(999);
    expect(await scores()).toEqual(before);
    // a second after start: every question scored, busy first
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(async () => expect(await hot()).toEqual([busy, quiet]), { timeout: 10_000, interval: 20 });
    // the quiet one gets busier; an hour later (the app's clock too) the order follows
    await db.updateTable('question').set({ view_count: 5000, vote_count: 9, answer_count: 4 }).where('id', '=', quiet).execute();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(await hot()).toEqual([busy, quiet]);
    app.lantern.ctx.clock.now = () => start + 3600;
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    await vi.waitFor(async () => expect(await hot()).toEqual([quiet, busy]), { timeout: 10_000, interval: 20 });
  });
});
