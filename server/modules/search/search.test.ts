import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser, solveCaptcha } from '../../../tests/support/accounts.js';
import { askQuestion, postAnswer } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { createSqliteSearch } from '../../db/dialect/sqlite-search.js';
import { searchDialect } from './search.service.js';
import { writeConfigValue } from '../config/config.repository.js';
import { parseSearch } from './search.parser.js';
import { searchExcerpt } from './search.presenter.js';

let app: TestApp;
let admin: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
const ids: Record<string, string> = {};

const api = (path: string) => `/answer/api/v1${path}`;

async function search(q: string, opts: { token?: string; order?: string; page?: number; size?: number; extra?: string } = {}) {
  const params = new URLSearchParams({ q });
  if (opts.order) params.set('order', opts.order);
  if (opts.page !== undefined) params.set('page', String(opts.page));
  if (opts.size !== undefined) params.set('size', String(opts.size));
  return app.call('GET', `${api('/search')}?${params.toString()}${opts.extra ?? ''}`, { token: opts.token });
}

/** The ids a search finds, in order. */
async function found(q: string, opts: Parameters<typeof search>[1] = {}): Promise<string[]> {
  const r = await search(q, opts);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.list.map((x: any) => x.object.id);
}

const sorted = (a: string[]) => [...a].sort();

/** A question row written straight into the table (id `base` + n), its text as body and rendered. */
const questionRow = (base: bigint, n: number, title: string, text: string, at: number) => ({
  id: String(base + BigInt(n)),
  user_id: 1,
  title,
  original_text: text,
  parsed_text: `<p>${text}</p>`,
  created_at: at,
  updated_at: at,
  post_update_time: at,
});

/** Writes such rows, a hundred per statement; returns their ids. */
async function insertQuestions(rows: ReturnType<typeof questionRow>[]): Promise<string[]> {
  for (let i = 0; i < rows.length; i += 100)
    await app.lantern.ctx.db
      .insertInto('question')
      .values(rows.slice(i, i + 100))
      .execute();
  return rows.map((r) => r.id);
}

/** Deletes questions written straight into the table. */
const removeQuestions = (ids: string[]) => app.lantern.ctx.db.deleteFrom('question').where('id', 'in', ids).execute();

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  alice = await makeUser(app, { name: 'Alice Smith', rank: 5000 });
  bob = await makeUser(app, { name: 'Bob Jones', rank: 5000 });
  const db = app.lantern.ctx.db;

  ids.q1 = await askQuestion(app, admin, {
    title: 'Brewing espresso at home',
    content: 'How do I pull a good espresso shot with a cheap grinder? I have tried everything.',
    tags: ['coffee', 'espresso'],
  });
  await db.updateTable('question').set({ user_id: alice.id }).where('id', '=', ids.q1).execute();
  ids.q2 = await askQuestion(app, bob.token, {
    title: 'Storing whole beans',
    content: 'Should beans go in the freezer or into a sealed jar on the shelf?',
    tags: ['coffee'],
  });
  ids.q3 = await askQuestion(app, admin, {
    title: 'Tea steeping time',
    content: 'How long should green tea steep? Hot water above eighty degrees makes it bitter.',
    tags: ['tea'],
  });
  ids.a1 = await postAnswer(app, bob.token, ids.q1, { content: 'Use a burr grinder and a fine espresso roast, then tamp evenly.' });
  ids.a2 = await postAnswer(app, admin, ids.q1, { content: 'Descale the machine monthly and use filtered water for a better shot.' });
  ids.a3 = await postAnswer(app, alice.token, ids.q2, { content: 'A sealed jar in a dark cupboard keeps beans fresh for weeks.' });
  const accept = await app.call('POST', api('/answer/acceptance'), {
    token: alice.token,
    body: { question_id: ids.q1, answer_id: ids.a1 },
  });
  expect(accept.status).toBe(200);

  // counters and times the orders and filters look at
  const set = (table: 'question' | 'answer', id: string, v: Record<string, number>) =>
    db.updateTable(table).set(v).where('id', '=', id).execute();
  await set('question', ids.q1, { vote_count: 5, view_count: 120, created_at: 1000, post_update_time: 5000 });
  await set('question', ids.q2, { vote_count: 0, view_count: 10, created_at: 2000, post_update_time: 2500 });
  await set('question', ids.q3, { vote_count: 1, view_count: 50, created_at: 3000, post_update_time: 3000 });
  await set('answer', ids.a1, { vote_count: 3, created_at: 1500, updated_at: 6000 });
  await set('answer', ids.a2, { vote_count: -1, created_at: 1600, updated_at: 1600 });
  await set('answer', ids.a3, { vote_count: 0, created_at: 2100, updated_at: 2100 });
});
afterAll(async () => app.stop());

describe('GET search: the result shape', () => {
  it('answers SearchResp field for field, for a question and an answer', async () => {
    const r = await search('espresso', { order: 'newest' });
    expect(r.status).toBe(200);
    const { rank } = await app.lantern.ctx.db.selectFrom('user').select('rank').where('id', '=', alice.id).executeTakeFirstOrThrow();
    expect(rank).toBeGreaterThan(5000);
    expect(r.body.data.count).toBe(2);
    const [a, q] = r.body.data.list;
    expect(q).toEqual({
      object_type: 'question',
      object: {
        id: ids.q1,
        question_id: ids.q1,
        title: 'Brewing espresso at home',
        url_title: 'brewing-espresso-at-home',
        excerpt: 'How do I pull a good espresso shot with a cheap grinder? I have tried everything.',
        created_at: 1000,
        user_info: { id: String(alice.id), username: 'alice-smith', display_name: 'Alice Smith', rank, status: 'normal' },
        tags: [
          { slug_name: 'coffee', display_name: 'coffee', main_tag_slug_name: '', recommend: false, reserved: false },
          { slug_name: 'espresso', display_name: 'espresso', main_tag_slug_name: '', recommend: false, reserved: false },
        ],
        vote_count: 5,
        answer_count: 2,
        accepted: true,
        status: 'available',
      },
    });
    expect(a.object_type).toBe('answer');
    expect(a.object).toEqual(
      expect.objectContaining({
        id: ids.a1,
        question_id: ids.q1,
        title: 'Brewing espresso at home',
        url_title: 'brewing-espresso-at-home',
        created_at: 1500,
        vote_count: 3,
        answer_count: 0,
        accepted: true,
        status: 'available',
        user_info: expect.objectContaining({ id: String(bob.id), username: 'bob-jones' }),
      }),
    );
    expect(a.object.tags.map((t: any) => t.slug_name)).toEqual(['coffee', 'espresso']);
  });

  it('refuses an empty, blank or missing q with 400 request_format_error on q, as the reference (q is required)', async () => {
    for (const q of ['', '   ']) {
      const r = await search(q);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        reason: 'base.request_format_error',
        data: [{ error_field: 'q', error_msg: 'Search text cannot be empty.' }],
      });
    }
    const none = await app.call('GET', api('/search'));
    expect(none.status).toBe(400);
    expect(none.body.reason).toBe('base.request_format_error');
  });

  it('refuses q over 60 characters with a field error', async () => {
    const r = await search('x'.repeat(61));
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('base.request_format_error');
    expect(r.body.data).toEqual([{ error_field: 'q', error_msg: expect.stringContaining('60') }]);
    expect((await search('x'.repeat(60))).status).toBe(200);
  });

  it('GET search/desc describes no external engine', async () => {
    const r = await app.call('GET', api('/search/desc'));
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ name: '', icon: '', link: '' });
  });
});

describe('GET search: each operator alone', () => {
  it('a plain word matches titles and bodies of questions and answers', async () => {
    expect(sorted(await found('espresso'))).toEqual(sorted([ids.q1, ids.a1]));
    expect(await found('freezer')).toEqual([ids.q2]);
    expect(await found('nonexistentword')).toEqual([]);
  });

  it('words match case-insensitively, as prefixes, stemmed and without accents', async () => {
    expect(sorted(await found('GRIND'))).toEqual(sorted([ids.q1, ids.a1]));
    expect(await found('steeping')).toEqual([ids.q3]);
    expect(await found('descaling')).toEqual([ids.a2]);
    expect(sorted(await found('espréssò'))).toEqual(sorted([ids.q1, ids.a1]));
  });

  it('several words are alternatives; posts matching more of them rank first', async () => {
    const list = await found('freezer descale');
    expect(sorted(list)).toEqual(sorted([ids.q2, ids.a2]));
    const both = await found('jar cupboard');
    expect(both).toEqual([ids.a3, ids.q2]);
  });

  it('"exact phrase" matches only those words in that order', async () => {
    expect(sorted(await found('"sealed jar"'))).toEqual(sorted([ids.q2, ids.a3]));
    expect(await found('"jar sealed"')).toEqual([]);
    expect(await found('"burr grinder and a fine"')).toEqual([ids.a1]);
  });

  it('[tag] keeps posts of questions with that tag; several tags must all match', async () => {
    expect(await found('[tea]')).toEqual([ids.q3]);
    expect(sorted(await found('[coffee]'))).toEqual(sorted([ids.q1, ids.q2, ids.a1, ids.a2, ids.a3]));
    expect(sorted(await found('[coffee] [espresso]'))).toEqual(sorted([ids.q1, ids.a1, ids.a2]));
    expect(await found('[coffee] [tea]')).toEqual([]);
    expect(sorted(await found('[Coffee] [ESPRESSO]'))).toEqual(sorted([ids.q1, ids.a1, ids.a2]));
  });

  it('[tag] also finds the questions of its main tag and synonyms', async () => {
    const db = app.lantern.ctx.db;
    const coffee = await db.selectFrom('tag').select(['id', 'slug_name']).where('slug_name', '=', 'coffee').executeTakeFirstOrThrow();
    const now = app.lantern.ctx.clock.now();
    await db
      .insertInto('tag')
      .values({
        id: '10030000000099001',
        slug_name: 'java-beans',
        display_name: 'java-beans',
        main_tag_id: coffee.id,
        main_tag_slug_name: 'coffee',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(sorted(await found('[java-beans] is:question'))).toEqual(sorted([ids.q1, ids.q2]));
    await db.deleteFrom('tag').where('id', '=', '10030000000099001').execute();
  });

  it('an unknown [tag] finds nothing (the reference silently ignores it and searches without it)', async () => {
    expect(await found('[no-such-tag]')).toEqual([]);
    expect(await found('espresso [no-such-tag]')).toEqual([]);
  });

  it('is:question and is:answer restrict the type', async () => {
    expect(await found('espresso is:question')).toEqual([ids.q1]);
    expect(await found('espresso is:answer')).toEqual([ids.a1]);
    expect(sorted(await found('is:answer'))).toEqual(sorted([ids.a1, ids.a2, ids.a3]));
    expect(sorted(await found('IS:QUESTION'))).toEqual(sorted([ids.q1, ids.q2, ids.q3]));
  });

  it('score:N keeps posts with at least N votes, score:0 exactly 0 (the reference)', async () => {
    expect(sorted(await found('score:3'))).toEqual(sorted([ids.q1, ids.a1]));
    expect(sorted(await found('score:1'))).toEqual(sorted([ids.q1, ids.q3, ids.a1]));
    expect(sorted(await found('score:0'))).toEqual(sorted([ids.q2, ids.a3]));
    expect(sorted(await found('score:-1'))).toEqual(sorted([ids.q1, ids.q2, ids.q3, ids.a1, ids.a2, ids.a3]));
  });

  it('user:name keeps one author; user:me the caller; unknown users find nothing', async () => {
    expect(sorted(await found('user:alice-smith'))).toEqual(sorted([ids.q1, ids.a3]));
    expect(sorted(await found('user:bob-jones'))).toEqual(sorted([ids.q2, ids.a1]));
    expect(sorted(await found('user:me', { token: bob.token }))).toEqual(sorted([ids.q2, ids.a1]));
    expect(await found('user:me')).toEqual([]);
    expect(await found('user:nobody-here')).toEqual([]);
  });

  it('answers:N keeps questions with at least N answers, answers:0 unanswered ones', async () => {
    expect(await found('answers:2')).toEqual([ids.q1]);
    expect(sorted(await found('answers:1'))).toEqual(sorted([ids.q1, ids.q2]));
    expect(await found('answers:0')).toEqual([ids.q3]);
  });

  it('isaccepted:yes|no keeps accepted / other answers; hasaccepted:yes|no questions with / without one', async () => {
    expect(await found('isaccepted:yes')).toEqual([ids.a1]);
    expect(sorted(await found('isaccepted:no'))).toEqual(sorted([ids.a2, ids.a3]));
    expect(await found('hasaccepted:yes')).toEqual([ids.q1]);
    expect(sorted(await found('hasaccepted:no'))).toEqual(sorted([ids.q2, ids.q3]));
  });

  it('views:N keeps questions viewed at least N times; inquestion:<id> the answers of one question', async () => {
    expect(sorted(await found('views:50'))).toEqual(sorted([ids.q1, ids.q3]));
    expect(sorted(await found(`inquestion:${ids.q1}`))).toEqual(sorted([ids.a1, ids.a2]));
    expect(await found('inquestion:not-an-id!')).toEqual([]);
  });
});

describe('GET search: operators combined', () => {
  it('text, tags, type, score and author together', async () => {
    expect(await found('[coffee] espresso is:answer score:1')).toEqual([ids.a1]);
    expect(await found('user:bob-jones [coffee] "burr grinder"')).toEqual([ids.a1]);
    expect(await found('[coffee] answers:1 hasaccepted:no')).toEqual([ids.q2]);
    expect(await found('shot [espresso] isaccepted:no')).toEqual([ids.a2]);
    expect(await found('sealed user:alice-smith')).toEqual([ids.a3]);
  });

  it('user: and score: also apply to type-restricted searches (the reference ignores them there)', async () => {
    expect(await found('is:question user:alice-smith')).toEqual([ids.q1]);
    expect(await found('is:answer score:3')).toEqual([ids.a1]);
  });

  it('is: comes last and overrides the type an earlier operator implied', async () => {
    // answers:N implies questions; is:answer overrides and the question-only filter goes
    expect(sorted(await found('answers:2 is:answer'))).toEqual(sorted([ids.a1, ids.a2, ids.a3]));
  });
});

describe('GET search: orders and pages', () => {
  it('newest: creation time, newest first', async () => {
    expect(await found('[coffee]', { order: 'newest' })).toEqual([ids.a3, ids.q2, ids.a2, ids.a1, ids.q1]);
  });

  it('active: last activity first', async () => {
    expect(await found('[coffee]', { order: 'active' })).toEqual([ids.a1, ids.q1, ids.q2, ids.a3, ids.a2]);
  });

  it('score: most votes first', async () => {
    expect(await found('[coffee]', { order: 'score' })).toEqual([ids.q1, ids.a1, ids.a3, ids.q2, ids.a2]);
  });

  it('relevance: bm25 with the title weighted above the body; without words it is newest', async () => {
    const db = app.lantern.ctx.db;
    const inBody = await askQuestion(app, admin, {
      title: 'Kettle question one',
      content: 'Is a gooseneck kettle better for pour over brewing?',
      tags: ['coffee'],
    });
    const inTitle = await askQuestion(app, admin, {
      title: 'Gooseneck kettle worth it',
      content: 'I am wondering whether the pouring control matters at all for my morning routine.',
      tags: ['coffee'],
    });
    await db.updateTable('question').set({ created_at: 100 }).where('id', '=', inTitle).execute();
    expect(await found('gooseneck')).toEqual([inTitle, inBody]);
    expect(await found('gooseneck', { order: 'newest' })).toEqual([inBody, inTitle]);
    expect(await found('[tea]', { order: 'relevance' })).toEqual([ids.q3]);
    expect((await found('[coffee]')).slice(0, 2)).toEqual([inBody, ids.a3]);
    await db.updateTable('question').set({ status: 10 }).where('id', 'in', [inBody, inTitle]).execute();
  });

  it('an unknown order falls back to relevance', async () => {
    expect(await found('gooseneck OR espresso', { order: 'sideways' })).toEqual(
      await found('gooseneck OR espresso', { order: 'relevance' }),
    );
  });

  it('page and size slice the list; count stays the total', async () => {
    const all = await found('[coffee]', { order: 'newest' });
    const p1 = await search('[coffee]', { order: 'newest', size: 2, page: 1 });
    const p2 = await search('[coffee]', { order: 'newest', size: 2, page: 2 });
    const p3 = await search('[coffee]', { order: 'newest', size: 2, page: 3 });
    const p4 = await search('[coffee]', { order: 'newest', size: 2, page: 4 });
    expect(p1.body.data.count).toBe(5);
    expect(p4.body.data.count).toBe(5);
    const pages = [p1, p2, p3].flatMap((p) => p.body.data.list.map((x: any) => x.object.id));
    expect(pages).toEqual(all);
    expect(p3.body.data.list).toHaveLength(1);
    expect(p4.body.data.list).toEqual([]);
  });

  it('size defaults to 30 and is capped at 50; junk page and size mean the defaults', async () => {
    const now = app.lantern.ctx.clock.now();
    const written = await insertQuestions(
      Array.from({ length: 55 }, (_, i) => questionRow(10010000000090000n, i, `Bulk filler ${i}`, `zebrafish note ${i}`, now)),
    );
    const dflt = await search('zebrafish');
    expect(dflt.body.data.count).toBe(55);
    expect(dflt.body.data.list).toHaveLength(30);
    expect((await search('zebrafish', { size: 100 })).body.data.list).toHaveLength(50);
    const junk = await app.call('GET', `${api('/search')}?q=zebrafish&size=abc&page=abc`);
    expect(junk.status).toBe(200);
    expect(junk.body.data.list).toHaveLength(30);
    // the reference's omitempty,min=1: a negative page is refused
    expect((await app.call('GET', `${api('/search')}?q=zebrafish&page=-3`)).body).toMatchObject({
      code: 400,
      reason: 'base.request_format_error',
      data: [{ error_field: 'page', error_msg: 'Page must be 1 or greater.' }],
    });
    await removeQuestions(written);
    expect(await found('zebrafish')).toEqual([]);
  });
});

describe('GET search: relevance over the whole index', () => {
  it('a search mixing a rare and a very common word returns the posts with the rare word first, however old', async () => {
    // "lantern" in the titles of 700 new posts (most of the site), "kerosene" in the bodies of 40 old ones
    const now = app.lantern.ctx.clock.now();
    const row = (n: number, title: string, text: string, at: number) => questionRow(10010000000070000n, n, title, text, at);
    const written = await insertQuestions([
      ...Array.from({ length: 40 }, (_, i) => row(i, `Old note ${i}`, 'a can of kerosene by the door', now - 86400 * 365)),
      ...Array.from({ length: 300 }, (_, i) => row(100 + i, `Filler ${i}`, 'nothing much here', now - 86400)),
      ...Array.from({ length: 700 }, (_, i) => row(1000 + i, `Lantern ${i}`, 'a lantern on the porch', now)),
    ]);
    const old = new Set(written.slice(0, 40));
    try {
      for (const q of ['kerosene lantern', 'lantern kerosene']) {
        const first = await found(q, { order: 'relevance', size: 40 });
        expect(first.filter((id) => old.has(id))).toHaveLength(40);
        // the next page has the common word's posts
        const next = await found(q, { order: 'relevance', size: 40, page: 2 });
        expect(next.length).toBe(40);
        expect(next.some((id) => old.has(id))).toBe(false);
      }
    } finally {
      await removeQuestions(written);
    }
  });
});

describe('GET search: the index follows every write', () => {
  it('a question made through POST question is found at once', async () => {
    const id = await askQuestion(app, admin, {
      title: 'Cold brew ratio',
      content: 'What ratio of grounds to water makes a smooth cold brew concentrate?',
      tags: ['coffee'],
    });
    expect(await found('concentrate')).toEqual([id]);
    ids.cold = id;
  });

  it('an answer made through POST answer is found at once', async () => {
    const id = await postAnswer(app, alice.token, ids.cold, {
      content: 'One part coarse grounds to eight parts water, steeped overnight.',
    });
    expect(await found('overnight')).toEqual([id]);
    ids.coldAnswer = id;
  });

  it('editing title and text replaces the old words with the new ones', async () => {
    const db = app.lantern.ctx.db;
    await db
      .updateTable('question')
      .set({ title: 'Iced toddy proportions', original_text: 'Which proportions suit a toddy system?' })
      .where('id', '=', ids.cold)
      .execute();
    expect(await found('concentrate')).toEqual([]);
    expect(await found('toddy')).toEqual([ids.cold]);
    await db.updateTable('answer').set({ original_text: 'Use a nut milk bag for filtering.' }).where('id', '=', ids.coldAnswer).execute();
    expect(await found('overnight')).toEqual([]);
    expect(await found('nut milk')).toEqual([ids.coldAnswer]);
  });

  it('deleted (10) and pending (11) posts disappear; restored ones come back', async () => {
    const db = app.lantern.ctx.db;
    for (const status of [10, 11] as const) {
      await db.updateTable('question').set({ status }).where('id', '=', ids.cold).execute();
      expect(await found('toddy')).toEqual([]);
      await db.updateTable('answer').set({ status }).where('id', '=', ids.coldAnswer).execute();
      expect(await found('milk')).toEqual([]);
      await db.updateTable('question').set({ status: 1 }).where('id', '=', ids.cold).execute();
      await db.updateTable('answer').set({ status: 1 }).where('id', '=', ids.coldAnswer).execute();
      expect(await found('toddy')).toEqual([ids.cold]);
      expect(await found('milk')).toEqual([ids.coldAnswer]);
    }
    await db.updateTable('question').set({ status: 2 }).where('id', '=', ids.cold).execute();
    const closed = await search('toddy');
    expect(closed.body.data.list[0].object.status).toBe('closed');
    await db.updateTable('question').set({ status: 1 }).where('id', '=', ids.cold).execute();
  });

  it('answers of a deleted or unlisted question and unlisted questions are not shown', async () => {
    const db = app.lantern.ctx.db;
    await db.updateTable('question').set({ show: 2 }).where('id', '=', ids.cold).execute();
    expect(await found('toddy')).toEqual([]);
    expect(await found('milk')).toEqual([]);
    await db.updateTable('question').set({ show: 1, status: 10 }).where('id', '=', ids.cold).execute();
    expect(await found('milk')).toEqual([]);
    await db.updateTable('question').set({ status: 1 }).where('id', '=', ids.cold).execute();
    expect(await found('milk')).toEqual([ids.coldAnswer]);
  });

  it('PUT, DELETE and recover through the question and answer endpoints keep the index in step', async () => {
    const id = await askQuestion(app, admin, {
      title: 'Siphon brewer cleaning',
      content: 'How do I clean the cloth filter of a siphon brewer?',
      tags: ['coffee'],
    });
    expect(await found('siphon')).toEqual([id]);
    const put = await app.call('PUT', api('/question'), {
      token: admin,
      body: {
        id,
        title: 'Vacuum pot upkeep',
        content: 'How should the cloth filter of a vacuum pot be stored?',
        tags: [{ slug_name: 'coffee' }],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await found('siphon')).toEqual([]);
    expect(await found('vacuum')).toEqual([id]);
    const aid = await postAnswer(app, bob.token, id, { content: 'Keep the cloth filter in cold water in the fridge.' });
    expect(await found('fridge')).toEqual([aid]);
    const putA = await app.call('PUT', api('/answer'), {
      token: bob.token,
      body: { id: aid, question_id: id, content: 'Keep the cloth filter frozen between uses.' },
    });
    expect(putA.status, JSON.stringify(putA.body)).toBe(200);
    expect(await found('fridge')).toEqual([]);
    expect(await found('frozen')).toEqual([aid]);
    const delA = await app.call('DELETE', api('/answer'), { token: bob.token, body: { id: aid } });
    expect(delA.status, JSON.stringify(delA.body)).toBe(200);
    expect(await found('frozen')).toEqual([]);
    const delQ = await app.call('DELETE', api('/question'), { token: admin, body: { id } });
    expect(delQ.status, JSON.stringify(delQ.body)).toBe(200);
    expect(await found('vacuum')).toEqual([]);
    const rec = await app.call('POST', api('/question/recover'), { token: admin, body: { question_id: id } });
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    expect(await found('vacuum')).toEqual([id]);
  });

  it('rows removed from the tables leave the index', async () => {
    const db = app.lantern.ctx.db;
    const indexed = async () =>
      Number(
        (
          await db
            .selectFrom('search_index' as any)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await indexed();
    await db.deleteFrom('activity').where('object_id', '=', ids.coldAnswer).execute();
    await db.deleteFrom('answer').where('id', '=', ids.coldAnswer).execute();
    expect(await indexed()).toBe(before - 1);
    expect(await found('milk')).toEqual([]);
  });

  it('rebuilding the index gives the same results', async () => {
    const before = await found('[coffee]', { order: 'newest' });
    await searchDialect(app.lantern.ctx).rebuildIndex(app.lantern.ctx.db);
    expect(await found('[coffee]', { order: 'newest' })).toEqual(before);
    expect(sorted(await found('espresso'))).toEqual(sorted([ids.q1, ids.a1]));
  });
});

describe('GET search: other scripts and excerpts', () => {
  it('finds words inside Chinese and Japanese text by substring', async () => {
    const id = await askQuestion(app, admin, {
      title: '如何冲泡手冲咖啡',
      content: '我想知道手冲咖啡的水温应该是多少度。',
      tags: ['coffee'],
    });
    expect(await found('咖啡')).toEqual([id]);
    expect(await found('水温')).toEqual([id]);
    const r = await search('水温');
    expect(r.body.data.list[0].object.excerpt).toContain('水温');
  });

  it('the excerpt is about 100 characters around the first match', () => {
    const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(10)}The grinder matters most of all. ${'More text follows here. '.repeat(10)}</p>`;
    const ex = searchExcerpt(long, [{ text: 'grinder', phrase: false }]);
    expect(ex.startsWith('...')).toBe(true);
    expect(ex.endsWith('...')).toBe(true);
    expect(ex).toContain('The grinder matters');
    expect(ex.length).toBeLessThanOrEqual(106);
    expect(searchExcerpt('<p>short text</p>', [{ text: 'absent', phrase: false }])).toBe('short text');
    expect(searchExcerpt(long, [])).toMatch(/^Lorem ipsum.*\.\.\.$/);
  });
});

describe('GET search: hostile input', () => {
  const nasty = [
    '"',
    '"unbalanced',
    'a"b"c"',
    '*',
    'espresso*',
    '^espresso',
    'NEAR(espresso grinder)',
    'title:espresso',
    'body:x',
    '-espresso',
    '(',
    ')',
    '()',
    'AND',
    'OR NOT',
    'espresso OR',
    '+',
    '{title body}:x',
    ':',
    "'",
    '\\',
    '%',
    '_',
    '%_%',
    '[',
    ']',
    '[[]]',
    '[]',
    'user:',
    'score:abc',
    'score:99999999999999999999',
    'answers:-1',
    'inquestion:',
    'is:',
    '😀☕',
    '\u0000',
    'x\u200by',
    '""',
    '" "',
  ];

  it('FTS5 syntax in user text is treated as text, never as syntax', async () => {
    for (const q of nasty) {
      const r = await search(q);
      expect(r.status, `${q}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.data).toEqual({ count: expect.any(Number), list: expect.any(Array) });
    }
    expect(await found('NEAR(espresso grinder)')).toEqual(expect.arrayContaining([ids.q1, ids.a1]));
    expect(await found('-espresso')).toEqual(expect.arrayContaining([ids.q1, ids.a1]));
    expect(await found('espresso*')).toEqual(expect.arrayContaining([ids.q1, ids.a1]));
  });

  it('random queries never answer 500', async () => {
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom(
        '"',
        '*',
        '^',
        'NEAR',
        '(',
        ')',
        ':',
        '-',
        '+',
        'AND',
        'OR',
        'NOT',
        '[',
        ']',
        'user:',
        'score:',
        'is:question',
        'is:answer',
        'answers:',
        'isaccepted:yes',
        'hasaccepted:no',
        'views:',
        'inquestion:',
        '\\',
        '\u0000',
        '咖啡',
        'espresso',
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 8 }),
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 6 }),
        async (parts, order, size) => {
          const q = Array.from(parts.join(' ')).slice(0, 60).join('');
          const r = await app.call(
            'GET',
            `${api('/search')}?q=${encodeURIComponent(q)}&order=${encodeURIComponent(order)}&size=${encodeURIComponent(size)}&page=${encodeURIComponent(size)}`,
          );
          // a blank q is refused (q is required), and a negative page or size (omitempty,min=1)
          const negative = size.trim() !== '' && Number.isSafeInteger(Number(size)) && Number(size) < 0;
          const expected = q.trim() === '' || negative ? 400 : 200;
          expect(r.status, JSON.stringify({ q, body: r.body })).toBe(expected);
          expect(r.body.code).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('odd query-string shapes are refused, not crashed on', async () => {
    for (const qs of ['q=a&q=b', 'q[x]=1', 'q=' + '%F0'.repeat(3), 'order[]=x&q=a']) {
      const r = await app.call('GET', `${api('/search')}?${qs}`);
      expect(r.status, qs).toBeLessThan(500);
    }
  });
});

describe('GET search: access and captcha', () => {
  it('private mode needs a login', async () => {
    const ctx = app.lantern.ctx;
    const login = await ctx.settings.get('login');
    await ctx.settings.put('login', { ...login, login_required: true });
    try {
      expect((await search('espresso')).status).toBe(401);
      expect((await app.call('GET', api('/search/desc'))).status).toBe(401);
      expect((await search('espresso', { token: bob.token })).status).toBe(200);
    } finally {
      await ctx.settings.put('login', { ...login, login_required: false });
    }
  });

  it('after 20 searches within a minute the next one needs a captcha (per user, staff exempt)', async () => {
    await writeConfigValue(app.lantern.ctx.db, 'plugin.status', JSON.stringify({ lantern_captcha: true }));
    try {
      const carol = await makeUser(app, { name: 'Carol Captcha' });
      for (let i = 0; i < 20; i++) expect((await search(`espresso ${i}`, { token: carol.token })).status).toBe(200);
      const refused = await search('espresso', { token: carol.token });
      expect(refused.status).toBe(400);
      expect(refused.body.reason).toBe('error.object.captcha_verification_failed');
      expect(refused.body.data).toEqual([{ error_field: 'captcha_code', error_msg: expect.any(String) }]);
      const rec = await app.call('GET', api('/user/action/record?action=search'), { token: carol.token });
      expect(rec.body.data.verify).toBe(true);
      const code = await solveCaptcha(app, rec.body.data.captcha_id);
      const passed = await search('espresso', {
        token: carol.token,
        extra: `&captcha_id=${rec.body.data.captcha_id}&captcha_code=${code}`,
      });
      expect(passed.status).toBe(200);
      expect(passed.body.data.count).toBe(2);
      // staff never need one
      for (let i = 0; i < 22; i++) expect((await search(`tea ${i}`, { token: admin })).status).toBe(200);
    } finally {
      await captchaOff(app);
    }
  });
});

describe('parseSearch', () => {
  it('takes out every operator and keeps the rest as words', () => {
    const p = parseSearch('[Coffee] [espresso] user:Bob score:3 "exact phrase" grinder views:10 answers:2 tail');
    expect(p).toEqual({
      tags: ['coffee', 'espresso'],
      user: 'bob',
      score: 3,
      views: 10,
      answers: 2,
      hasAccepted: null,
      isAccepted: null,
      inQuestion: null,
      type: 'question',
      terms: [
        { text: 'exact phrase', phrase: true },
        { text: 'grinder', phrase: false },
        { text: 'tail', phrase: false },
      ],
    });
  });

  it('keeps at most 5 tags and 5 terms; unbalanced quotes become words', () => {
    const p = parseSearch('[a] [b] [c] [d] [e] [f] one two three four five six "seven');
    expect(p.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(p.terms.map((t) => t.text)).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(parseSearch('say "hello').terms).toEqual([
      { text: 'say', phrase: false },
      { text: 'hello', phrase: false },
    ]);
  });

  it('answer operators imply answers; is: overrides last', () => {
    expect(parseSearch('isaccepted:yes').type).toBe('answer');
    expect(parseSearch('inquestion:123').inQuestion).toBe('123');
    expect(parseSearch('hasaccepted:no is:answer')).toEqual(expect.objectContaining({ type: 'answer', hasAccepted: null }));
    expect(parseSearch('operator:like words').terms.map((t) => t.text)).toEqual(['operator:like', 'words']);
  });

  it('builds FTS5 strings that quote every term', () => {
    const terms = parseSearch('a NEAR(b "c d" e*').terms;
    const sqliteSearch = createSqliteSearch();
    expect(sqliteSearch.queryString(terms)).toBe('"c d" OR "a" OR "NEAR(b"* OR "e*"');
    expect(sqliteSearch.queryString([{ text: 'say "hi"', phrase: true }])).toBe('"say ""hi"""');
    expect(sqliteSearch.queryString([{ text: '***', phrase: false }])).toBe('');
  });
});

describe('GET search: a rare word among common ones', () => {
  it('a search mixing a rare and a very common word returns the posts with the rare word first', async () => {
    // the rare word only in the body of an older question; the common word in the titles of many newer ones
    const rare = await askQuestion(app, admin, {
      title: 'Cleaning the group head',
      content: 'Backflush with a blind portafilter basket once a week to keep it clean.',
      tags: ['coffee'],
    });
    const common: string[] = [];
    for (let i = 0; i < 14; i++)
      common.push(
        await askQuestion(app, admin, {
          title: `Weekday routine number ${i}`,
          content: `My weekday routine changes often, this is version ${i} of it.`,
          tags: ['coffee'],
        }),
      );
    const list = await found('portafilter routine');
    // words are alternatives: the posts with only the common word follow
    expect(list[0]).toBe(rare);
    expect(sorted(list.slice(1))).toEqual(sorted(common));
    // the common word alone still finds its posts
    expect(sorted(await found('routine'))).toEqual(sorted(common));
    await app.lantern.ctx.db
      .updateTable('question')
      .set({ status: 10 })
      .where('id', 'in', [rare, ...common])
      .execute();
  });
});
