import { queryDatabase } from '../../../tests/support/pg-test-db.js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { flushViews } from './view-counter.js';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

// question/page?tag= takes one of two query plans by the tag's size (few questions: through
// tag_rel; many: walking the order's index); both must give the same page and count.
let app: TestApp;
freshAppPerTest((a) => (app = a));

describe('the tag filter of question/page', () => {
  it('gives the same pages and counts for a small and a popular tag', async () => {
    const token = await adminToken(app);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const tags = i % 2 === 0 ? [{ slug_name: 'sqlite' }, { slug_name: 'other' }] : [{ slug_name: 'other' }];
      ids.push(await askQuestion(app, token, { title: `Question number ${i}`, content: `Body of question ${i}.`, tags }));
    }
    const page = async (p: number) => {
      const r = await app.call('GET', `/answer/api/v1/question/page?tag=sqlite&order=newest&page=${p}&page_size=2`);
      return { count: r.body.data.count, ids: r.body.data.list.map((q: { id: string }) => q.id) };
    };
    const small = [await page(1), await page(2)];
    expect(small[0]).toEqual({ count: 4, ids: [ids[6], ids[4]] });
    expect(small[1]).toEqual({ count: 4, ids: [ids[2], ids[0]] });
    // the stored count decides the plan: make the tag look popular
    await app.lantern.ctx.db.updateTable('tag').set({ question_count: 50_000 }).where('slug_name', '=', 'sqlite').execute();
    expect([await page(1), await page(2)]).toEqual(small);
  });
});

describe('the list total', () => {
  // (a filtered list's: an unfiltered list's total is kept by SQLite's triggers, see question-totals.test.ts)
  it('is reused for a few seconds on a real server and cleared by a new question', async () => {
    const live = await startTestApp({ config: { listCountTtlMs: 60_000 } });
    try {
      await captchaOff(live);
      const token = await adminToken(live);
      const ask = (i: number) =>
        askQuestion(live, token, { title: `Counted question ${i}`, content: 'Body of a counted question.', tags: ['count'] });
      const total = async () =>
        (await live.call('GET', '/answer/api/v1/question/page?tag=count&order=newest&page=1&page_size=5')).body.data.count;
      await ask(1);
      await live.lantern.ctx.events.settle();
      expect(await total()).toBe(1);
      // a change the services did not announce is not seen until the total expires...
      await live.lantern.ctx.db.updateTable('question').set({ show: 2 }).execute();
      expect(await total()).toBe(1);
      // ...an announced one clears it at once
      await ask(2);
      await live.lantern.ctx.events.settle();
      expect(await total()).toBe(1);
      await live.lantern.ctx.db.updateTable('question').set({ show: 1 }).execute();
      await ask(3);
      await live.lantern.ctx.events.settle();
      expect(await total()).toBe(3);
    } finally {
      await live.stop();
    }
  });
});

describe('the list page', () => {
  it('is the same for every viewer, reused for a moment and dropped by any announced change (a vote, an answer)', async () => {
    const live = await startTestApp({ config: { listPageTtlMs: 60_000 } });
    try {
      await captchaOff(live);
      const token = await adminToken(live);
      const qid = await askQuestion(live, token, {
        title: 'A cached list question',
        content: 'Body of a cached question.',
        tags: ['cache'],
      });
      await live.lantern.ctx.events.settle();
      const first = async () => (await live.call('GET', '/answer/api/v1/question/page?order=newest&page=1&page_size=5')).body.data.list[0];
      expect((await first()).title).toBe('A cached list question');
      // an unannounced change waits for the page to expire
      await live.lantern.ctx.db.updateTable('question').set({ title: 'Renamed behind its back' }).execute();
      expect((await first()).title).toBe('A cached list question');
      // an answer is announced: the page is built again
      const member = await makeUser(live, { email: 'answerer@example.com', rank: 100 });
      expect(
        (
          await live.call('POST', '/answer/api/v1/answer', {
            token: member.token,
            body: { question_id: qid, content: 'An answer that clears the page.' },
          })
        ).status,
      ).toBe(200);
      await live.lantern.ctx.events.settle();
      expect(await first()).toMatchObject({ title: 'Renamed behind its back', answer_count: 1 });
    } finally {
      await live.stop();
    }
  });
});

describe('question views', () => {
  it('are added up in memory, written together, and not lost when the server closes', async () => {
    const live = await startTestApp({ config: { viewFlushMs: 60_000 } });
    let closed = false;
    try {
      await captchaOff(live);
      const token = await adminToken(live);
      const id = await askQuestion(live, token, { title: 'A question read often', content: 'Body of a read question.', tags: ['views'] });
      const stored = async () =>
        (await live.lantern.ctx.db.selectFrom('question').select('view_count').where('id', '=', id).executeTakeFirstOrThrow()).view_count;
      for (let i = 0; i < 5; i++) expect((await live.call('GET', `/answer/api/v1/question/info?id=${id}`)).status).toBe(200);
      // the reader sees its own view at once; the table gets them all in one write
      expect(await stored()).toBe(0);
      await flushViews(live.lantern.ctx);
      expect(await stored()).toBe(5);
      await live.call('GET', `/answer/api/v1/question/info?id=${id}`);
      // closing the server writes what is still counted
      await live.lantern.close();
      closed = true;
      const url = live.lantern.ctx.config.databaseUrl;
      if (url) {
        const rows = await queryDatabase<{ view_count: number }>(url, 'select view_count from question where id = $1', [id]);
        expect(Number(rows[0].view_count)).toBe(6);
      } else {
        const file = new Database(join(live.dataDir, 'lantern.db'), { readonly: true });
        expect((file.prepare('select view_count from question where id = ?').get(id) as { view_count: number }).view_count).toBe(6);
        file.close();
      }
      rmSync(live.dataDir, { recursive: true, force: true });
    } finally {
      if (!closed) await live.stop();
    }
  });
});
