import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { importSeCommand, runCli } from '../../cli/program.js';
import type { CliIo } from '../../cli/progress.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { SOURCE_KEY } from './stackexchange.repository.js';
import { guessSite, importStackExchange, siteFrom, type ImportReport } from './stackexchange.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// the Stack Exchange dumps live beside the checkout (../shared/data/stackexchange) or where
// LANTERN_SE_DATA says; where they are absent the tests that import them are skipped, saying so
const DATA = process.env.LANTERN_SE_DATA ?? join(ROOT, '../shared/data/stackexchange');
const HAVE_DUMPS = existsSync(join(DATA, 'history-meta', 'Posts.xml')) && existsSync(join(DATA, 'coffee', 'Posts.xml'));
const HISTORY = join(DATA, 'history-meta');
const COFFEE = join(DATA, 'coffee');

/** What a dump file holds, read with plain regular expressions (independent of the importer). */
function fileFacts(dir: string) {
  const rows = (file: string) => {
    try {
      return Array.from(readFileSync(join(dir, file), 'utf8').matchAll(/<row ([^>]*?)\/>/g), (m) => m[1]);
    } catch {
      return [];
    }
  };
  const attr = (row: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(row)?.[1];
  const posts = rows('Posts.xml');
  const questions = posts.filter((p) => attr(p, 'PostTypeId') === '1');
  const questionIds = new Set(questions.map((q) => attr(q, 'Id')));
  const answers = posts.filter((p) => attr(p, 'PostTypeId') === '2');
  const answersOfKnown = answers.filter((a) => questionIds.has(attr(a, 'ParentId')));
  const postIds = new Set([...questionIds, ...answersOfKnown.map((a) => attr(a, 'Id'))]);
  const answerParent = new Map(answersOfKnown.map((a) => [attr(a, 'Id'), attr(a, 'ParentId')]));
  const accepted = questions.filter((q) => {
    const acc = attr(q, 'AcceptedAnswerId');
    return acc !== undefined && answerParent.get(acc) === attr(q, 'Id');
  });
  const comments = rows('Comments.xml');
  return {
    posts: posts.length,
    questions: questions.length,
    answers: answers.length,
    answersOfKnown: answersOfKnown.length,
    others: posts.length - questions.length - answers.length,
    users: rows('Users.xml').length,
    comments: comments.length,
    commentsOnKnown: comments.filter((c) => postIds.has(attr(c, 'PostId'))).length,
    accepted: accepted.length,
  };
}

let app: TestApp;
let history: ImportReport;
let coffee: ImportReport;

const api = (path: string) => `/answer/api/v1${path}`;
async function found(q: string): Promise<{ count: number; list: any[] }> {
  const r = await app.call('GET', `${api('/search')}?q=${encodeURIComponent(q)}&size=50`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}
const sourceOf = async (value: string) => {
  const row = await app.lantern.ctx.db
    .selectFrom('meta')
    .select('object_id')
    .where('key', '=', SOURCE_KEY)
    .where('value', '=', value)
    .executeTakeFirstOrThrow();
  return row.object_id;
};

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  if (!HAVE_DUMPS) return;
  history = await importStackExchange(app.lantern.ctx.db, HISTORY, { site: guessSite(HISTORY) });
  coffee = await importStackExchange(app.lantern.ctx.db, COFFEE, { site: guessSite(COFFEE) });
}, 480_000);
afterAll(async () => app.stop());

describe.skipIf(!HAVE_DUMPS)(`importing history-meta (Users, Posts, Comments) (dumps at ${DATA})`, () => {
  it('imports every row of the files; the counts match the files', async () => {
    const facts = fileFacts(HISTORY);
    expect(facts).toEqual(expect.objectContaining({ posts: 1657, questions: 556, users: 2295, comments: 3454 }));
    expect(history.site).toBe('meta.history.stackexchange.com');
    expect(history.files).toEqual(['Users.xml', 'Posts.xml', 'Comments.xml', 'Badges.xml']);
    expect(history.errors).toEqual([]);
    expect(history.users).toEqual({ rows: facts.users, imported: facts.users, existing: 0, skipped: 0, reasons: {} });
    expect(history.questions).toEqual({ rows: facts.questions, imported: facts.questions, existing: 0, skipped: 0, reasons: {} });
    expect(history.answers).toEqual(expect.objectContaining({ rows: facts.answers, imported: facts.answersOfKnown, existing: 0 }));
    expect(history.comments).toEqual(expect.objectContaining({ rows: facts.comments, imported: facts.commentsOnKnown, existing: 0 }));
    expect(history.comments.imported + history.comments.skipped).toBe(facts.comments);
    expect(history.posts).toEqual({ rows: facts.posts, otherTypes: facts.others, invalidType: 0 });
    expect(history.acceptedAnswers).toBe(facts.accepted);
    expect(history.seconds).toBeGreaterThan(0);
  });

  it('the database holds exactly what was imported', async () => {
    const db = app.lantern.ctx.db;
    const count = async (kind: string) =>
      Number(
        (
          await db
            .selectFrom('meta')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('key', '=', SOURCE_KEY)
            .where('value', 'like', `meta.history.stackexchange.com/${kind}/%`)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('q')).toBe(history.questions.imported);
    expect(await count('a')).toBe(history.answers.imported);
    expect(await count('c')).toBe(history.comments.imported);
    expect((await count('u')) + (await count('n'))).toBe(history.users.imported + history.placeholderUsers);
    const accepted = await db
      .selectFrom('question as q')
      .innerJoin('meta as m', 'm.object_id', 'q.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.value', 'like', 'meta.history.stackexchange.com/q/%')
      .where('q.accepted_answer_id', '!=', '0')
      .executeTakeFirstOrThrow();
    expect(Number(accepted.n)).toBe(history.acceptedAnswers);
    const adopted = await db
      .selectFrom('answer as a')
      .innerJoin('meta as m', 'm.object_id', 'a.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('m.value', 'like', 'meta.history.stackexchange.com/a/%')
      .where('a.adopted', '=', 2)
      .executeTakeFirstOrThrow();
    expect(Number(adopted.n)).toBe(history.acceptedAnswers);
  });

  it('keeps titles, scores, views, dates, tags, answer counts and authors', async () => {
    const db = app.lantern.ctx.db;
    const id = await sourceOf('meta.history.stackexchange.com/q/1');
    const q = await db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(q).toEqual(
      expect.objectContaining({
        title: 'Should we include sources in answers?',
        vote_count: 18,
        view_count: 223,
        created_at: Math.floor(Date.parse('2011-10-11T19:42:20.713Z') / 1000),
        post_update_time: Math.floor(Date.parse('2012-07-03T16:45:06.890Z') / 1000),
        status: 1,
        answer_count: 6,
      }),
    );
    expect(q.original_text).toMatch(/^As a historian I know that while information/);
    // an old question gets its hot score at import (it is listed on the hot list and related panels)
    expect(q.hot_score).toBeGreaterThan(0);
    expect(q.parsed_text).toMatch(/^<p>As a historian I know/);
    const tags = await db
      .selectFrom('tag_rel as r')
      .innerJoin('tag as t', 't.id', 'r.tag_id')
      .select('t.slug_name')
      .where('r.object_id', '=', id)
      .orderBy('r.id')
      .execute();
    expect(tags.map((t) => t.slug_name)).toEqual(['discussion', 'answers']);
    const author = await db.selectFrom('user').selectAll().where('id', '=', q.user_id).executeTakeFirstOrThrow();
    expect(author).toEqual(
      expect.objectContaining({
        display_name: 'Sorcerer Blob',
        username: 'sorcerer-blob',
        rank: 768,
        website: 'http://www.twitter.com/sorcerer_blob',
        created_at: Date.parse('2011-10-11T19:28:10.000Z') / 1000,
        last_login_date: Math.floor(Date.parse('2011-11-08T21:46:09.473Z') / 1000),
      }),
    );
    expect(author.e_mail).toBe('se-user-12@meta.history.stackexchange.com.invalid');
    const answer = await db
      .selectFrom('answer')
      .selectAll()
      .where('id', '=', await sourceOf('meta.history.stackexchange.com/a/2'))
      .executeTakeFirstOrThrow();
    expect(answer).toEqual(
      expect.objectContaining({
        question_id: id,
        vote_count: 26,
        created_at: Math.floor(Date.parse('2011-10-11T19:44:27.657Z') / 1000),
        status: 1,
      }),
    );
    expect(answer.original_text).toMatch(/^I know it's considered in bad form to answer your own question/);
  });

  it('every post and comment carries its CC BY-SA attribution: author name and a link to the original', async () => {
    const db = app.lantern.ctx.db;
    const q = await db
      .selectFrom('question')
      .select(['original_text', 'parsed_text'])
      .where('id', '=', await sourceOf('meta.history.stackexchange.com/q/1'))
      .executeTakeFirstOrThrow();
    expect(q.original_text).toContain(
      '*Originally posted by [Sorcerer Blob](https://meta.history.stackexchange.com/users/12) on [meta.history.stackexchange.com](https://meta.history.stackexchange.com/q/1), licensed under [CC BY-SA 3.0](https://creativecommons.org/licenses/by-sa/3.0/).*',
    );
    expect(q.parsed_text).toContain(
      '<a href="https://meta.history.stackexchange.com/q/1" rel="nofollow noopener noreferrer">meta.history.stackexchange.com</a>',
    );
    expect(q.parsed_text).toContain('>Sorcerer Blob</a>');
    // the importer's credit line keeps its class (a member's own section would lose it)
    expect(q.parsed_text).toMatch(/<section class="post-attribution">\n<hr \/>\n<p><em>Originally posted by /);
    expect(q.parsed_text).not.toContain('<!--');
    expect(q.original_text).toContain('<!-- attribution -->');
    for (const table of ['question', 'answer', 'comment'] as const) {
      const missing = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('original_text', 'not like', '%meta.history.stackexchange.com/%')
        .where('original_text', 'not like', '%coffee.stackexchange.com/%')
        .executeTakeFirstOrThrow();
      expect(Number(missing.n), table).toBe(0);
    }
    // answers after 2018-05-02 are under CC BY-SA 4.0
    const late = await db
      .selectFrom('answer')
      .select('original_text')
      .where('created_at', '>=', Date.UTC(2018, 4, 2) / 1000)
      .where('original_text', 'like', '%meta.history%')
      .limit(1)
      .executeTakeFirst();
    if (late) expect(late.original_text).toContain('CC BY-SA 4.0');
  });

  it('bodies become markdown; the rendering is sanitised', async () => {
    const db = app.lantern.ctx.db;
    const withCode = await db
      .selectFrom('answer')
      .select(['original_text', 'parsed_text'])
      .where('original_text', 'like', '%](http%')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(withCode.original_text).not.toMatch(/<p>|<a href/);
    expect(withCode.parsed_text).toMatch(/<a href="https?:/);
    const unsafe = await db
      .selectFrom('question')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) =>
        eb.or([
          eb('parsed_text', 'like', '%<script%'),
          eb('parsed_text', 'like', '%javascript:%'),
          eb('parsed_text', 'like', '% onerror=%'),
        ]),
      )
      .executeTakeFirstOrThrow();
    expect(Number(unsafe.n)).toBe(0);
  });

  it('users are accounts that cannot log in', async () => {
    const db = app.lantern.ctx.db;
    const users = await db
      .selectFrom('user as u')
      .innerJoin('meta as m', (j) => j.on((eb) => eb(eb.cast('u.id', 'text'), '=', eb.ref('m.object_id'))))
      .select(['u.pass', 'u.e_mail', 'u.status'])
      .where('m.key', '=', SOURCE_KEY)
      .execute();
    expect(users.length).toBe(history.users.imported + history.placeholderUsers + coffee.placeholderUsers);
    expect(users.every((u) => u.pass === '' && u.e_mail.endsWith('.invalid') && u.status === 1)).toBe(true);
    const r = await app.call('POST', api('/user/login/email'), {
      body: { e_mail: 'se-user-12@meta.history.stackexchange.com.invalid', pass: 'anything-at-all' },
    });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('error.object.email_or_password_incorrect');
    const r2 = await app.call('POST', api('/user/login/email'), {
      body: { e_mail: 'se-user-12@meta.history.stackexchange.com.invalid', pass: '' },
    });
    expect(r2.status).toBe(400);
  });

  it('a question from the dump is found by a word of its body, a phrase and its tag', async () => {
    const id = await sourceOf('meta.history.stackexchange.com/q/1');
    const ids = (d: { list: any[] }) => d.list.map((x) => x.object.id);
    expect(ids(await found('legitimacy'))).toContain(id);
    // the credit line (site name, licence) is shown but not searched
    const history = await found('meta.history.stackexchange.com');
    expect(history.count).toBeLessThan(100);
    expect((await found('"originally posted by"')).count).toBe(0);
    expect((await found('licensed')).count).toBeLessThan(20);
    expect(ids(await found('"air of legitimacy"'))).toContain(id);
    expect(ids(await found('"air of legitimacy" is:question'))).toEqual([id]);
    const tagged = await found('[discussion] is:question');
    expect(tagged.count).toBeGreaterThan(1);
    const all: string[] = [];
    for (let page = 1; page <= Math.ceil(tagged.count / 50); page++) {
      const r = await app.call('GET', `${api('/search')}?q=${encodeURIComponent('[discussion] is:question')}&size=50&page=${page}`);
      all.push(...r.body.data.list.map((x: any) => x.object.id));
    }
    expect(all).toContain(id);
    const tag = await app.lantern.ctx.db
      .selectFrom('tag')
      .select('question_count')
      .where('slug_name', '=', 'discussion')
      .executeTakeFirstOrThrow();
    expect(tagged.count).toBe(tag.question_count);
    const hit = (await found('"air of legitimacy" is:question')).list[0].object;
    expect(hit).toEqual(
      expect.objectContaining({
        title: 'Should we include sources in answers?',
        vote_count: 18,
        answer_count: 6,
        accepted: false,
        created_at: Math.floor(Date.parse('2011-10-11T19:42:20.713Z') / 1000),
      }),
    );
    expect(hit.user_info).toEqual(expect.objectContaining({ display_name: 'Sorcerer Blob' }));
    expect(hit.tags.map((t: any) => t.slug_name)).toEqual(['discussion', 'answers']);
  });

  it('the real Badges.xml: awards of the badges this site has go to their users, once for single badges; the rest is counted by name', async () => {
    const attr = (row: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(row)?.[1] ?? '';
    const rows = Array.from(readFileSync(join(HISTORY, 'Badges.xml'), 'utf8').matchAll(/<row ([^>]*?)\/>/g), (m) => m[1]);
    const userIds = new Set(Array.from(readFileSync(join(HISTORY, 'Users.xml'), 'utf8').matchAll(/<row Id="(-?\d+)"/g), (m) => m[1]));
    const single = new Set(['autobiographer', 'editor', 'scholar', 'solved']);
    const multiple = new Set(['nice answer', 'good answer', 'great answer', 'nice question', 'good question', 'great question']);
    const held = new Set<string>();
    let expected = 0;
    for (const r of rows) {
      const name = attr(r, 'Name').toLowerCase();
      if (attr(r, 'TagBased') === 'True' || !userIds.has(attr(r, 'UserId'))) continue;
      if (multiple.has(name)) expected += 1;
      else if (single.has(name) && !held.has(`${attr(r, 'UserId')}/${name}`)) {
        held.add(`${attr(r, 'UserId')}/${name}`);
        expected += 1;
      }
    }
    expect(expected).toBeGreaterThan(1000);
    expect(history.badges).toEqual(
      expect.objectContaining({ rows: rows.length, imported: expected, existing: 0, skipped: rows.length - expected }),
    );
    expect(history.badges.reasons['no such badge here: Yearling']).toBe(rows.filter((r) => attr(r, 'Name') === 'Yearling').length);
    // every badge's award count is its awards
    const badges = await app.lantern.ctx.db.selectFrom('badge').select(['id', 'award_count']).execute();
    for (const b of badges) {
      const { n } = await app.lantern.ctx.db
        .selectFrom('badge_award')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('badge_id', '=', b.id)
        .executeTakeFirstOrThrow();
      expect(b.award_count).toBe(Number(n));
    }
  });

  it('repeating the import adds nothing', async () => {
    const again = await importStackExchange(app.lantern.ctx.db, HISTORY, { site: 'https://meta.history.stackexchange.com/' });
    expect(again.users).toEqual(expect.objectContaining({ imported: 0, existing: history.users.imported }));
    expect(again.questions).toEqual(expect.objectContaining({ imported: 0, existing: history.questions.imported }));
    expect(again.answers).toEqual(expect.objectContaining({ imported: 0, existing: history.answers.imported }));
    expect(again.comments).toEqual(expect.objectContaining({ imported: 0, existing: history.comments.imported }));
    expect(again.badges).toEqual(expect.objectContaining({ imported: 0, existing: history.badges.imported }));
    expect(again.placeholderUsers).toBe(0);
    expect(again.tagsCreated).toBe(0);
  });

  it('tag wikis (excerpt and body) become the descriptions of their tags, with attribution; a repeat keeps them', async () => {
    expect(history.tagWikis).toEqual({ rows: 3, imported: 3, existing: 0, skipped: 0, reasons: {} });
    const db = app.lantern.ctx.db;
    const desc = async (slug: string) =>
      await db.selectFrom('tag').select(['original_text', 'parsed_text']).where('slug_name', '=', slug).executeTakeFirstOrThrow();
    const pledges = await desc('pledges');
    expect(pledges.original_text).toMatch(/^A meta-specific tag for the public declaring of an effort/);
    expect(pledges.original_text).toContain('[pledges tag wiki](https://meta.history.stackexchange.com/tags/pledges/info)');
    expect((await desc('ragequit')).original_text).toMatch(
      /^A question about or made by a user who professes a threat[^]*Self-ragequit questions tend to be intentionally provocative/,
    );
    const questions = await desc('questions');
    expect(questions.original_text).toMatch(/^The questions tag should be used when you ask a question on meta/);
    expect(questions.parsed_text).toContain('<li>What question policy should be (on-topic, off-topic)</li>');
    // the tag API shows it
    const info = await app.call('GET', `${api('/tag')}?name=questions`);
    expect(info.body.data.original_text).toBe(questions.original_text);
    const again = await importStackExchange(db, HISTORY, { site: 'meta.history.stackexchange.com' });
    expect(again.tagWikis).toEqual({ rows: 3, imported: 0, existing: 3, skipped: 0, reasons: {} });
  });

  it('an imported post keeps its score when members vote: up-vote on score N gives N+1, cancel gives N, down-vote N-1', async () => {
    const db = app.lantern.ctx.db;
    const score = async (table: 'question' | 'answer' | 'comment', id: string) =>
      (await db.selectFrom(table).select('vote_count').where('id', '=', id).executeTakeFirstOrThrow()).vote_count;
    const qid = await sourceOf('meta.history.stackexchange.com/q/1');
    expect(await score('question', qid)).toBe(18);
    const voter = await makeUser(app, { rank: 2000 });
    const vote = (dir: 'up' | 'down', id: string, cancel = false) =>
      app.call('POST', `/answer/api/v1/vote/${dir}`, { token: voter.token, body: { object_id: id, is_cancel: cancel } });
    expect((await vote('up', qid)).body.data).toMatchObject({ votes: 19, up_votes: 1, vote_status: 'vote_up' });
    expect(await score('question', qid)).toBe(19);
    expect((await vote('up', qid, true)).body.data).toMatchObject({ votes: 18, up_votes: 0 });
    expect((await vote('down', qid)).body.data).toMatchObject({ votes: 17, down_votes: 1 });
    await vote('down', qid, true);
    expect(await score('question', qid)).toBe(18);
    // an answer and a comment the same way
    const answer = await db
      .selectFrom('answer')
      .select(['id', 'vote_count'])
      .where('question_id', '=', qid)
      .where('vote_count', '>', 1)
      .orderBy('vote_count', 'desc')
      .executeTakeFirstOrThrow();
    expect((await vote('up', answer.id)).body.data.votes).toBe(answer.vote_count + 1);
    await vote('up', answer.id, true);
    expect(await score('answer', answer.id)).toBe(answer.vote_count);
    const comment = await db
      .selectFrom('comment')
      .select(['id', 'vote_count'])
      .where('vote_count', '>', 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect((await vote('up', comment.id)).body.data.votes).toBe(comment.vote_count + 1);
    await vote('up', comment.id, true);
    expect(await score('comment', comment.id)).toBe(comment.vote_count);
  });
});

describe.skipIf(!HAVE_DUMPS)(`importing coffee (Posts.xml only) (dumps at ${DATA})`, () => {
  it('imports the questions and answers; authors become placeholder accounts', () => {
    const facts = fileFacts(COFFEE);
    expect(facts).toEqual(expect.objectContaining({ posts: 592, users: 0, comments: 0 }));
    expect(coffee.site).toBe('coffee.stackexchange.com');
    expect(coffee.files).toEqual(['Posts.xml']);
    expect(coffee.users.rows).toBe(0);
    expect(coffee.questions).toEqual({ rows: facts.questions, imported: facts.questions, existing: 0, skipped: 0, reasons: {} });
    expect(coffee.answers).toEqual(expect.objectContaining({ rows: facts.answers, imported: facts.answersOfKnown }));
    expect(coffee.posts).toEqual({ rows: 592, otherTypes: facts.others, invalidType: 0 });
    expect(coffee.acceptedAnswers).toBe(facts.accepted);
    expect(coffee.placeholderUsers).toBeGreaterThan(10);
    expect(coffee.errors).toEqual([]);
  });

  it('the first question is found by body word, phrase and tag, with its accepted answer', async () => {
    const id = await sourceOf('coffee.stackexchange.com/q/1');
    const ids = (d: { list: any[] }) => d.list.map((x) => x.object.id);
    expect(ids(await found('microroasted is:question'))).toEqual([id]);
    expect(ids(await found('"optimal way to store" is:question'))).toEqual([id]);
    expect(ids(await found('[whole-bean] is:question'))).toContain(id);
    const q = await app.lantern.ctx.db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(q.title).toBe('How should I store whole bean coffee?');
    expect(q.accepted_answer_id).toBe(await sourceOf('coffee.stackexchange.com/a/24'));
    expect(q.original_text).toContain('[user4](https://coffee.stackexchange.com/users/4)');
    const hit = (await found('microroasted is:question')).list[0].object;
    expect(hit.accepted).toBe(true);
    expect(hit.user_info.display_name).toBe('user4');
  });

  it('a re-run repairs an import killed before its last step (tag and author counts, acceptances)', async () => {
    const db = app.lantern.ctx.db;
    const qid = await sourceOf('coffee.stackexchange.com/q/1');
    const aid = await sourceOf('coffee.stackexchange.com/a/24');
    const questions = (
      await db
        .selectFrom('meta')
        .select('object_id')
        .where('key', '=', SOURCE_KEY)
        .where('value', 'like', 'coffee.stackexchange.com/q/%')
        .execute()
    ).map((r) => r.object_id);
    const authors = [
      ...(await db.selectFrom('question').select('user_id').where('id', 'in', questions).execute()),
      ...(await db.selectFrom('answer').select('user_id').where('question_id', 'in', questions).execute()),
    ].map((r) => r.user_id);
    const tagIds = (await db.selectFrom('tag_rel').select('tag_id').where('object_id', 'in', questions).execute()).map((r) => r.tag_id);
    expect(questions.length).toBeGreaterThan(100);
    const snapshot = async () => ({
      tags: await db.selectFrom('tag').select(['id', 'question_count']).where('id', 'in', tagIds).orderBy('id').execute(),
      users: await db
        .selectFrom('user')
        .select(['id', 'question_count', 'answer_count'])
        .where('id', 'in', authors)
        .orderBy('id')
        .execute(),
      question: await db
        .selectFrom('question')
        .select(['accepted_answer_id', 'answer_count'])
        .where('id', '=', qid)
        .executeTakeFirstOrThrow(),
      answer: await db.selectFrom('answer').select('adopted').where('id', '=', aid).executeTakeFirstOrThrow(),
    });
    const whole = await snapshot();
    // what a kill between the posts' batches and the final recount leaves
    await db.updateTable('tag').set({ question_count: 0 }).where('id', 'in', tagIds).execute();
    await db.updateTable('user').set({ question_count: 0, answer_count: 0 }).where('id', 'in', authors).execute();
    await db.updateTable('question').set({ accepted_answer_id: '0', answer_count: 0 }).where('id', '=', qid).execute();
    await db.updateTable('answer').set({ adopted: 1 }).where('id', '=', aid).execute();
    const again = await importStackExchange(db, COFFEE, { site: 'coffee.stackexchange.com' });
    expect(again.questions.imported).toBe(0);
    expect(again.acceptedAnswers).toBe(1);
    expect(await snapshot()).toEqual(whole);
  });
});

describe('bad input', () => {
  let dir: string;
  let dtdServer: Server;
  let dtdHits = 0;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'se-dump-'));
    dtdServer = createServer((_req, res) => {
      dtdHits += 1;
      res.end('<!ENTITY x "fetched">');
    });
    await new Promise<void>((r) => dtdServer.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await new Promise<void>((r) => dtdServer.close(() => r()));
  });

  function dump(name: string, files: Record<string, string>): string {
    const d = join(dir, name);
    mkdirSync(d);
    for (const [file, text] of Object.entries(files)) writeFileSync(join(d, file), `\uFEFF${text}`);
    return d;
  }

  it('skips and counts bad rows, never fetches the DTD, imports the good ones', async () => {
    const port = (dtdServer.address() as AddressInfo).port;
    const d = dump('bad', {
      'Users.xml': `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE users SYSTEM 'http://127.0.0.1:${port}/users.dtd'>\n<users>
  <row Id="5" DisplayName="Valid Person" CreationDate="2015-01-01T00:00:00.000" Reputation="10" />
  <row Id="6" DisplayName="" CreationDate="2015-01-01T00:00:00.000" />
  <row Id="seven" DisplayName="Bad Id" CreationDate="2015-01-01T00:00:00.000" />
  <row Id="8" DisplayName="Bad Date" CreationDate="yesterday" />
</users>`,
      'Posts.xml': `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE posts SYSTEM 'http://127.0.0.1:${port}/posts.dtd'>\n<posts>
  <row Id="1" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Score="3" ViewCount="9" Body="&lt;p&gt;Quixotic zephyr question body&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;" OwnerUserId="5" Title="A valid question" Tags="&lt;testing&gt;&lt;Bad Tag With Spaces That Is Far Too Long For A Tag Slug&gt;" AcceptedAnswerId="3" />
  <row Id="2" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Body="&lt;p&gt;no title&lt;/p&gt;" OwnerUserId="5" />
  <row Id="3" PostTypeId="2" ParentId="1" CreationDate="2015-02-02T10:00:00.000" Score="1" Body="&lt;p&gt;A valid answer&lt;/p&gt;" OwnerDisplayName="Gone User" />
  <row Id="4" PostTypeId="2" ParentId="999" CreationDate="2015-02-02T10:00:00.000" Body="&lt;p&gt;Orphan&lt;/p&gt;" OwnerUserId="5" />
  <row Id="5" PostTypeId="1" CreationDate="not a date" Title="Bad date" Body="&lt;p&gt;x&lt;/p&gt;" />
  <row Id="6" PostTypeId="x" CreationDate="2015-02-01T10:00:00.000" Body="" />
  <row Id="7" PostTypeId="5" CreationDate="2015-02-01T10:00:00.000" Body="&lt;p&gt;tag wiki&lt;/p&gt;" />
  <row Id="8" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Score="99999999999" Title="Huge score" Body="&lt;p&gt;x&lt;/p&gt;" />
  <row Id="9" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Title="Empty body" Body="&lt;p&gt; &lt;/p&gt;" />
  <row Id="10" PostTypeId="2" ParentId="2" CreationDate="2015-02-02T10:00:00.000" Body="&lt;p&gt;answer to a skipped question&lt;/p&gt;" />
  <notarow Id="11" PostTypeId="1" />
</posts>`,
      'Comments.xml': `<?xml version="1.0" encoding="utf-8"?>\n<comments>
  <row Id="1" PostId="1" Score="2" Text="A fine comment" CreationDate="2015-02-03T10:00:00.000" UserId="5" />
  <row Id="2" PostId="999" Text="on nothing" CreationDate="2015-02-03T10:00:00.000" UserId="5" />
  <row Id="3" PostId="3" Text="   " CreationDate="2015-02-03T10:00:00.000" UserId="5" />
  <row Id="4" PostId="3" Text="by a stranger" CreationDate="2015-02-03T10:00:00.000" UserDisplayName="Stranger" />
</comments>`,
    });
    const r = await importStackExchange(app.lantern.ctx.db, d, { site: 'bad.example.org' });
    expect(dtdHits).toBe(0);
    expect(r.errors).toEqual([]);
    expect(r.users).toEqual({
      rows: 4,
      imported: 1,
      existing: 0,
      skipped: 3,
      reasons: { 'invalid DisplayName': 1, 'invalid Id': 1, 'invalid CreationDate': 1 },
    });
    expect(r.questions).toEqual({
      rows: 5,
      imported: 1,
      existing: 0,
      skipped: 4,
      reasons: { 'invalid Title': 1, 'invalid CreationDate': 1, 'invalid Score': 1, 'empty Body': 1 },
    });
    expect(r.answers).toEqual({ rows: 3, imported: 1, existing: 0, skipped: 2, reasons: { 'unknown question (ParentId)': 2 } });
    expect(r.comments).toEqual({
      rows: 4,
      imported: 2,
      existing: 0,
      skipped: 2,
      reasons: { 'unknown post (PostId)': 1, 'invalid Text': 1 },
    });
    expect(r.posts).toEqual({ rows: 10, otherTypes: 1, invalidType: 1 });
    expect(r.acceptedAnswers).toBe(1);
    expect(r.placeholderUsers).toBe(2);

    const db = app.lantern.ctx.db;
    const q = await db
      .selectFrom('question')
      .selectAll()
      .where('id', '=', await sourceOf('bad.example.org/q/1'))
      .executeTakeFirstOrThrow();
    expect(q.parsed_text).not.toMatch(/<script|onerror|alert\(1\)/);
    expect(q.original_text).not.toContain('<script');
    expect(q.accepted_answer_id).toBe(await sourceOf('bad.example.org/a/3'));
    const tags = await db
      .selectFrom('tag_rel as r')
      .innerJoin('tag as t', 't.id', 'r.tag_id')
      .select('t.slug_name')
      .where('r.object_id', '=', q.id)
      .execute();
    expect(tags.map((t) => t.slug_name)).toEqual(['testing']);
    const a = await db
      .selectFrom('answer')
      .select(['original_text', 'user_id'])
      .where('id', '=', await sourceOf('bad.example.org/a/3'))
      .executeTakeFirstOrThrow();
    expect(a.original_text).toContain('*Originally posted by Gone User on [bad.example.org](https://bad.example.org/a/3)');
    const gone = await db.selectFrom('user').select(['display_name', 'pass']).where('id', '=', a.user_id).executeTakeFirstOrThrow();
    expect(gone).toEqual({ display_name: 'Gone User', pass: '' });
    expect((await found('"quixotic zephyr"')).list.map((x: any) => x.object.id)).toEqual([q.id]);
  });

  it('declared entities are not expanded and truncated files end with an error, keeping earlier rows', async () => {
    const d = dump('entities', {
      'Posts.xml': `<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE posts [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<posts>
  <row Id="1" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Title="Before the entity" Body="&lt;p&gt;kept row&lt;/p&gt;" OwnerUserId="1" />
  <row Id="2" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Title="Expands &b;" Body="&lt;p&gt;&b;&lt;/p&gt;" OwnerUserId="1" />
</posts>`,
    });
    const r = await importStackExchange(app.lantern.ctx.db, d, { site: 'entities.example.org' });
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Posts\.xml: /);
    const stored = await app.lantern.ctx.db.selectFrom('question').select('title').where('title', 'like', 'Expands%').execute();
    expect(stored.every((s) => !s.title.includes('aaaaaaaaaa'))).toBe(true);

    const truncated = dump('truncated', {
      'Posts.xml': `<?xml version="1.0" encoding="utf-8"?>\n<posts>\n  <row Id="1" PostTypeId="1" CreationDate="2015-02-01T10:00:00.000" Title="Complete row" Body="&lt;p&gt;whole&lt;/p&gt;" OwnerUserId="1" />\n  <row Id="2" PostTypeId="1" CreationDa`,
    });
    const t = await importStackExchange(app.lantern.ctx.db, truncated, { site: 'truncated.example.org' });
    expect(t.questions.imported).toBe(1);
    expect(t.errors).toHaveLength(1);
  });

  it('refuses a folder without dump files and a bad site name', async () => {
    const empty = dump('empty', {});
    const r = await importStackExchange(app.lantern.ctx.db, empty, { site: 'x.example.org' });
    expect(r.errors).toEqual([`no Posts.xml or Users.xml in ${empty}`]);
    expect(() => siteFrom('not a host')).toThrow();
    expect(() => siteFrom('javascript:alert(1)')).toThrow();
    expect(siteFrom('https://Coffee.StackExchange.com/')).toEqual({
      host: 'coffee.stackexchange.com',
      url: 'https://coffee.stackexchange.com',
    });
    expect(guessSite('/x/history-meta')).toBe('meta.history.stackexchange.com');
    expect(guessSite('/x/coffee')).toBe('coffee.stackexchange.com');
    expect(guessSite('/x/cooking.stackexchange.com')).toBe('cooking.stackexchange.com');
  });
});

// The command's own code, in this process: `npm run import:se` itself (npm, tsx and the exit codes, two processes of
// about 10 s each on a loaded two-core machine) is run by tests/long/import-se-cli.test.ts in `npm run test:long`.
describe.skipIf(!HAVE_DUMPS)('the import:se command', () => {
  it('imports a dump into a data dir and prints counts and the time taken', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'se-cli-'));
    try {
      let out = '';
      let err = '';
      const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty: false };
      const code = await runCli(importSeCommand(io, 'npm run import:se --'), ['--data-dir', dataDir, COFFEE], io);
      expect(code, err).toBe(0);
      expect(out).toContain('Imported Posts.xml from coffee.stackexchange.com:');
      expect(out).toMatch(/questions\s+225 rows, 225 imported/);
      expect(out).toMatch(/Import took \d+\.\d\d s/);
      let usage = '';
      const usageIo: CliIo = { out: () => {}, err: (t) => void (usage += t), tty: false };
      expect(await runCli(importSeCommand(usageIo, 'npm run import:se --'), ['--data-dir', dataDir], usageIo)).toBe(2);
      expect(usage).toContain('Usage: npm run import:se');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('links between imported posts and list excerpts', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'se-links-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const esc = (html: string) => html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

  it('points links to posts of the imported site at their local copies, keeps the rest, and keeps the attribution out of excerpts', async () => {
    const d = join(dir, 'links');
    mkdirSync(d);
    const row = (attrs: Record<string, string>) =>
      `  <row ${Object.entries(attrs)
        .map(([k, v]) => `${k}="${esc(v)}"`)
        .join(' ')} />`;
    const links = [
      '<a href="https://links.example.org/questions/20/the-second-one">full link</a>',
      '<a href="http://links.example.org/q/20">short</a>',
      '<a href="https://links.example.org/a/21/7">answer short</a>',
      '<a href="https://links.example.org/questions/20/the-second-one/21#21">answer full</a>',
      '<a href="/questions/20">relative</a>',
      '<a href="https://links.example.org/questions/999/not-imported">missing</a>',
      '<a href="https://other.example.org/questions/20">other site</a>',
    ].join(' ');
    writeFileSync(
      join(d, 'Posts.xml'),
      `<?xml version="1.0" encoding="utf-8"?>\n<posts>
${row({ Id: '10', PostTypeId: '1', CreationDate: '2016-01-01T10:00:00.000', Title: 'Links to the second one', Body: `<p>Short body.</p><p>${links}</p>`, OwnerDisplayName: 'Asker', Tags: '<links>' })}
${row({ Id: '20', PostTypeId: '1', CreationDate: '2016-01-02T10:00:00.000', Title: 'The second one', Body: '<p>The target question, about zanzibarite.</p>', OwnerDisplayName: 'Other', Tags: '<links>' })}
${row({ Id: '21', PostTypeId: '2', ParentId: '20', CreationDate: '2016-01-03T10:00:00.000', Body: '<p>An answer that points back to <a href="https://links.example.org/questions/10">the first</a>.</p>', OwnerDisplayName: 'Helper' })}
</posts>`,
    );
    writeFileSync(
      join(d, 'Comments.xml'),
      `<?xml version="1.0" encoding="utf-8"?>\n<comments>
${row({ Id: '30', PostId: '20', Text: 'See also https://links.example.org/questions/10 for more', CreationDate: '2016-01-04T10:00:00.000', UserDisplayName: 'Commenter' })}
</comments>`,
    );
    const r = await importStackExchange(app.lantern.ctx.db, d, { site: 'links.example.org' });
    expect(r.errors).toEqual([]);
    const db = app.lantern.ctx.db;
    const [q10, q20, a21] = [
      await sourceOf('links.example.org/q/10'),
      await sourceOf('links.example.org/q/20'),
      await sourceOf('links.example.org/a/21'),
    ];
    const first = await db.selectFrom('question').select(['original_text', 'parsed_text']).where('id', '=', q10).executeTakeFirstOrThrow();
    const body = first.original_text.slice(0, first.original_text.indexOf('<!-- attribution -->'));
    expect(body).toContain(`[full link](/questions/${q20}/the-second-one)`);
    expect(body).toContain(`[short](/questions/${q20}/the-second-one)`);
    expect(body).toContain(`[answer short](/questions/${q20}/the-second-one/${a21})`);
    expect(body).toContain(`[answer full](/questions/${q20}/the-second-one/${a21})`);
    expect(body).toContain(`[relative](/questions/${q20}/the-second-one)`);
    // a post that was not imported, and other sites, still point to where they were
    expect(body).toContain('[missing](https://links.example.org/questions/999/not-imported)');
    expect(body).toContain('[other site](https://other.example.org/questions/20)');
    expect(first.parsed_text).toContain(`<a href="/questions/${q20}/the-second-one/${a21}">answer full</a>`);
    // the attribution still links the original
    expect(first.original_text).toContain('(https://links.example.org/q/10)');
    // links to a post imported after the one that links it (answer 21 -> question 10, the comment)
    const answer = await db.selectFrom('answer').select('parsed_text').where('id', '=', a21).executeTakeFirstOrThrow();
    expect(answer.parsed_text).toContain(`<a href="/questions/${q10}/links-to-the-second-one">the first</a>`);
    const comment = await db.selectFrom('comment').select('parsed_text').where('object_id', '=', q20).executeTakeFirstOrThrow();
    expect(comment.parsed_text).toContain(`/questions/${q10}/links-to-the-second-one`);
    // the edit form's revision holds the same text
    const rev = await db
      .selectFrom('revision')
      .select('content')
      .where('object_id', '=', q10)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(rev.content).content).toBe(first.original_text);

    // lists show the post's own words, not the attribution
    const list = await app.call('GET', `${api('/question/page')}?page=1&page_size=50&order=newest&tag=links`);
    const item = (list.body.data.list as { title: string; description: string }[]).find((i) => i.title === 'The second one');
    expect(item?.description).toBe('The target question, about zanzibarite.');
    const second = (await found('zanzibarite')).list.find((i) => i.object.title === 'The second one');
    expect(second?.object.excerpt).toBe('The target question, about zanzibarite.');
  });
});
