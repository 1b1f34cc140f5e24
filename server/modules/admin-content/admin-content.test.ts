import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { encodeShortId } from '../../infra/ids/object-id.js';
import { askQuestion } from '../../../tests/support/factories.js';

/** A clock the tests move by hand (rows made after a tick sort as newer). */
const clock = {
  t: 1_800_000_000,
  now() {
    return this.t;
  },
};
let app: TestApp;
let admin: string;
let author: { id: number; token: string; username: string };
let q1: string;
let q2: string;
let a1: string;
beforeEach(async () => {
  clock.t = 1_800_000_000;
  app = await startTestApp({ deps: { clock } });
  await captchaOff(app);
  admin = await adminToken(app);
  const u = await makeUser(app);
  author = { ...u, username: (await db().selectFrom('user').select('username').where('id', '=', u.id).executeTakeFirstOrThrow()).username };
  await askQuestion(app, admin, { title: 'Seeding the admin tag', content: 'Creates the tag.', tags: ['admin-lists'] });
  q1 = await askQuestion(app, author.token, {
    title: 'How do I configure SQLite?',
    content: 'Looking for pragmas.',
    tags: ['admin-lists'],
  });
  clock.t += 10;
  q2 = await askQuestion(app, admin, { title: 'Backups of the database', content: 'How often should I back up?', tags: ['admin-lists'] });
  a1 = (await app.call('POST', `${V1}/answer`, { token: author.token, body: { question_id: q2, content: 'Every night, **at least**.' } }))
    .body.data.info.id;
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const A = '/answer/admin/api';
const db = () => app.lantern.ctx.db;
const questions = async (qs = '', token = admin) => app.call('GET', `${A}/question/page${qs}`, { token });
const answers = async (qs = '', token = admin) => app.call('GET', `${A}/answer/page${qs}`, { token });
const ids = (r: { body: { data: { list: { id: string }[] } } }) => r.body.data.list.map((x) => x.id);
const setQ = (question_id: unknown, status: unknown, token = admin) =>
  app.call('PUT', `${A}/question/status`, { token, body: { question_id, status } });
const setA = (answer_id: unknown, status: unknown, token = admin) =>
  app.call('PUT', `${A}/answer/status`, { token, body: { answer_id, status } });
const statusOf = async (table: 'question' | 'answer', id: string) =>
  (await db().selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('GET admin question/page', () => {
  it('lists available questions newest first with the admin fields', async () => {
    const r = await questions();
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(3);
    expect(ids(r).slice(0, 2)).toEqual([q2, q1]);
    const row = await db().selectFrom('question').selectAll().where('id', '=', q2).executeTakeFirstOrThrow();
    expect(r.body.data.list[0]).toEqual({
      id: q2,
      title: 'Backups of the database',
      vote_count: 0,
      show: 1,
      pin: 1,
      answer_count: 1,
      accepted_answer_id: '0',
      create_time: row.created_at,
      update_time: row.post_update_time,
      edit_time: row.updated_at,
      user_info: expect.objectContaining({ id: '1', username: 'admin' }),
    });
    expect((await questions('?page=2&page_size=2')).body.data).toMatchObject({
      count: 3,
      list: [expect.objectContaining({ title: 'Seeding the admin tag' })],
    });
  });

  it('filters by status, title, question:<id> (long or short) and user:<username>', async () => {
    await setQ(q1, 'closed');
    expect(ids(await questions('?status=closed'))).toEqual([q1]);
    expect(ids(await questions('?status=normal'))).not.toContain(q1);
    expect(ids(await questions('?status=available'))).not.toContain(q1);
    expect((await questions('?status=deleted')).body.data.count).toBe(0);
    expect(ids(await questions('?query=BACKUP'))).toEqual([q2]);
    expect(ids(await questions(`?query=${encodeURIComponent(`question:${q2}`)}`))).toEqual([q2]);
    expect(ids(await questions(`?query=${encodeURIComponent(`question: ${encodeShortId(q2)}`)}`))).toEqual([q2]);
    expect(ids(await questions(`?query=${encodeURIComponent(`question:${q1}`)}&status=closed`))).toEqual([q1]);
    expect((await questions(`?query=${encodeURIComponent('question:nonsense!')}`)).body.data).toEqual({ count: 0, list: [] });
    expect((await questions(`?query=${encodeURIComponent(`question:${a1}`)}`)).body.data.count).toBe(0);
    expect(ids(await questions(`?query=${encodeURIComponent('user:admin')}`))).toEqual([q2, expect.any(String)]);
    expect(ids(await questions(`?query=${encodeURIComponent(`user:${author.username}`)}&status=closed`))).toEqual([q1]);
    expect((await questions(`?query=${encodeURIComponent('user:nobody-here')}`)).body.data.count).toBe(0);
    expect((await questions('?query=%25')).body.data.count).toBe(0);
  });

  it('lists queued questions under pending', async () => {
    await db().updateTable('question').set({ status: 11 }).where('id', '=', q1).execute();
    expect(ids(await questions('?status=pending'))).toEqual([q1]);
  });

  it('validates status and query', async () => {
    expect((await questions('?status=weird')).body.data).toEqual([
      { error_field: 'status', error_msg: 'Status must be one of: normal, available, closed, deleted, pending.' },
    ]);
    expect((await questions(`?query=${'x'.repeat(101)}`)).body.data).toEqual([
      { error_field: 'query', error_msg: 'Search up to 100 characters.' },
    ]);
    expect((await questions('?page=abc&page_size=abc')).body.data.count).toBe(3);
    // the reference's omitempty,min=1: 0 is the default, a negative page is refused
    expect((await questions('?page=0&page_size=0')).body.data.count).toBe(3);
    expect((await questions('?page=-3')).body.data).toEqual([{ error_field: 'page', error_msg: 'Page must be 1 or greater.' }]);
  });
});

describe('PUT admin question/status', () => {
  it('closes, reopens, deletes and undeletes a question', async () => {
    expect((await setQ(q1, 'closed')).body).toMatchObject({ code: 200, data: null });
    expect(await statusOf('question', q1)).toBe(2);
    const closed = (await app.call('GET', `${V1}/question/info?id=${q1}`)).body.data;
    expect(closed.operation).toMatchObject({ level: 'info' });
    expect(
      (
        await app.call('POST', `${V1}/answer`, {
          token: (await makeUser(app)).token,
          body: { question_id: q1, content: 'Too late to answer.' },
        })
      ).body.reason,
    ).toBe('error.answer.question_closed_cannot_add');
    await setQ(q1, 'available');
    expect(await statusOf('question', q1)).toBe(1);
    await setQ(q1, 'deleted');
    expect(await statusOf('question', q1)).toBe(10);
    expect(
      (await db().selectFrom('tag').select('question_count').where('slug_name', '=', 'admin-lists').executeTakeFirstOrThrow())
        .question_count,
    ).toBe(2);
    expect((await app.call('GET', `${V1}/question/info?id=${q1}`)).status).toBe(404);
    await setQ(q1, 'deleted');
    expect(await statusOf('question', q1)).toBe(10);
    await setQ(encodeShortId(q1), 'closed');
    expect(await statusOf('question', q1)).toBe(2);
    expect(
      (await db().selectFrom('tag').select('question_count').where('slug_name', '=', 'admin-lists').executeTakeFirstOrThrow())
        .question_count,
    ).toBe(3);
    await setQ(q1, 'available');
    expect(ids(await questions())).toContain(q1);
  });

  it('publishes or rejects a queued question', async () => {
    await app.call('PUT', `${A}/plugin/config`, {
      token: admin,
      body: { plugin_slug_name: 'lantern_reviewer', config_fields: { reputation_below: '10', first_posts: '5', max_links: '' } },
    });
    await app.call('PUT', `${A}/plugin/status`, { token: admin, body: { plugin_slug_name: 'lantern_reviewer', enabled: true } });
    const queued = await askQuestion(app, author.token, {
      title: 'Waiting for a moderator',
      content: 'Queued post here.',
      tags: ['admin-lists'],
    });
    const other = await askQuestion(app, author.token, {
      title: 'Also waiting for a moderator',
      content: 'Another queued post.',
      tags: ['admin-lists'],
    });
    expect(ids(await questions('?status=pending'))).toEqual([other, queued]);
    await setQ(queued, 'available');
    expect(await statusOf('question', queued)).toBe(1);
    expect((await db().selectFrom('review').select('status').where('object_id', '=', queued).executeTakeFirstOrThrow()).status).toBe(2);
    await setQ(other, 'deleted');
    expect(await statusOf('question', other)).toBe(10);
    expect((await db().selectFrom('review').select('status').where('object_id', '=', other).executeTakeFirstOrThrow()).status).toBe(3);
    expect(ids(await app.call('GET', `${V1}/question/page`))).toContain(queued);
  });

  it('validates the body; unknown questions are 404', async () => {
    expect((await setQ(undefined, 'closed')).body.data).toEqual([
      { error_field: 'question_id', error_msg: 'Question id cannot be empty.' },
    ]);
    expect((await setQ(q1, 'pending')).body.data).toEqual([
      { error_field: 'status', error_msg: 'Status must be one of: available, closed, deleted.' },
    ]);
    expect((await setQ(q1, undefined)).body.data).toEqual([{ error_field: 'status', error_msg: 'Status cannot be empty.' }]);
    expect((await setQ('10010000000099999', 'closed')).body).toMatchObject({ code: 404, reason: 'error.question.not_found' });
    expect((await setQ(a1, 'closed')).body).toMatchObject({ code: 404, reason: 'error.question.not_found' });
  });
});

describe('GET admin answer/page', () => {
  it('lists answers with their question title, by question, answer:<id>, user:<username> and title', async () => {
    const other = (await app.call('POST', `${V1}/answer`, { token: admin, body: { question_id: q1, content: 'Use WAL mode.' } })).body.data
      .info.id;
    const r = await answers();
    expect(r.body.data.count).toBe(2);
    const row = await db().selectFrom('answer').selectAll().where('id', '=', a1).executeTakeFirstOrThrow();
    expect(r.body.data.list.find((x: { id: string }) => x.id === a1)).toEqual({
      id: a1,
      question_id: q2,
      description: 'Every night, at least.',
      create_time: row.created_at,
      update_time: row.updated_at,
      accepted: 1,
      user_info: expect.objectContaining({ id: String(author.id) }),
      vote_count: 0,
      question_info: { title: 'Backups of the database' },
    });
    expect(ids(await answers(`?question_id=${q1}`))).toEqual([other]);
    expect(ids(await answers(`?question_id=${encodeShortId(q2)}`))).toEqual([a1]);
    expect((await answers('?question_id=bogus!')).body.data.count).toBe(0);
    expect(ids(await answers('?question_id=0'))).toHaveLength(2);
    expect(ids(await answers(`?query=${encodeURIComponent(`answer:${other}`)}`))).toEqual([other]);
    expect(ids(await answers(`?query=${encodeURIComponent(`user:${author.username}`)}`))).toEqual([a1]);
    expect(ids(await answers('?query=sqlite'))).toEqual([other]);
    expect((await answers(`?query=${encodeURIComponent(`answer:${q1}`)}`)).body.data.count).toBe(0);
  });

  it('filters by status and validates it', async () => {
    await setA(a1, 'deleted');
    expect(ids(await answers('?status=deleted'))).toEqual([a1]);
    expect((await answers()).body.data.count).toBe(0);
    expect((await answers('?status=closed')).body.data).toEqual([
      { error_field: 'status', error_msg: 'Status must be one of: normal, available, deleted, pending.' },
    ]);
  });
});

describe('PUT admin answer/status', () => {
  it('deletes and undeletes an answer; counts follow', async () => {
    expect((await setA(a1, 'deleted')).body).toMatchObject({ code: 200, data: null });
    expect(await statusOf('answer', a1)).toBe(10);
    expect((await app.call('GET', `${V1}/question/info?id=${q2}`)).body.data.answer_count).toBe(0);
    await setA(a1, 'deleted');
    await setA(encodeShortId(a1), 'available');
    expect(await statusOf('answer', a1)).toBe(1);
    expect((await app.call('GET', `${V1}/question/info?id=${q2}`)).body.data.answer_count).toBe(1);
  });

  it('publishes a queued answer', async () => {
    await db().updateTable('answer').set({ status: 11 }).where('id', '=', a1).execute();
    await db().insertInto('review').values({ user_id: author.id, object_id: a1, object_type: 2, created_at: 1, updated_at: 1 }).execute();
    expect(ids(await answers('?status=pending'))).toEqual([a1]);
    await setA(a1, 'available');
    expect(await statusOf('answer', a1)).toBe(1);
    expect((await db().selectFrom('review').select('status').where('object_id', '=', a1).executeTakeFirstOrThrow()).status).toBe(2);
  });

  it('validates the body; unknown answers are 404', async () => {
    expect((await setA(undefined, 'deleted')).body.data).toEqual([{ error_field: 'answer_id', error_msg: 'Answer id cannot be empty.' }]);
    expect((await setA(a1, 'closed')).body.data).toEqual([
      { error_field: 'status', error_msg: 'Status must be one of: available, deleted.' },
    ]);
    expect((await setA('10020000000099999', 'deleted')).body).toMatchObject({ code: 404, reason: 'error.answer.not_found' });
    expect((await setA(q1, 'deleted')).body).toMatchObject({ code: 404, reason: 'error.answer.not_found' });
  });
});

describe('GET admin reasons', () => {
  it('lists the status reasons of questions and answers', async () => {
    const r = await app.call('GET', `${A}/reasons?object_type=question&action=status`, { token: admin });
    expect(
      r.body.data.map((x: { reason_key: string; reason_type: number; name: string }) => [x.reason_key, x.reason_type, x.name]),
    ).toEqual([
      ['reason.normal', 65, 'normal'],
      ['reason.closed', 67, 'closed'],
      ['reason.deleted', 68, 'deleted'],
    ]);
    expect(
      (await app.call('GET', `${A}/reasons?object_type=answer&action=status`, { token: admin })).body.data.map(
        (x: { reason_type: number }) => x.reason_type,
      ),
    ).toEqual([65, 68]);
    expect((await app.call('GET', `${A}/reasons?object_type=tag&action=status`, { token: admin })).body.data).toEqual([
      { error_field: 'object_type', error_msg: 'Object type must be one of: question, answer, comment, user.' },
    ]);
  });
});

describe('access', () => {
  it('admin endpoints refuse anonymous (401), users and moderators (403)', async () => {
    const user = await makeUser(app, { rank: 100000 });
    const mod = await makeUser(app, { roleId: 3 });
    const calls: [string, string, unknown?][] = [
      ['GET', `${A}/question/page`],
      ['PUT', `${A}/question/status`, { question_id: q1, status: 'deleted' }],
      ['GET', `${A}/answer/page`],
      ['PUT', `${A}/answer/status`, { answer_id: a1, status: 'deleted' }],
      ['GET', `${A}/reasons?object_type=question&action=status`],
    ];
    for (const [method, path, body] of calls) {
      expect((await app.call(method, path, { body })).status, path).toBe(401);
      for (const token of [user.token, mod.token]) {
        const r = await app.call(method, path, { body, token });
        expect(r.body, path).toMatchObject({ code: 403, reason: 'base.unauthorized_error' });
      }
    }
    expect(await statusOf('question', q1)).toBe(1);
    expect(await statusOf('answer', a1)).toBe(1);
  });
});

describe('malformed input', () => {
  it('never answers 500', async () => {
    const anyValue = () =>
      fc.oneof(
        fc.anything(),
        fc.string({ maxLength: 40 }),
        fc.constantFrom(q1, a1, encodeShortId(q1), 'available', 'closed', 'deleted', '', '0', '9'.repeat(30)),
      );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.anything(), fc.record({ question_id: anyValue(), answer_id: anyValue(), status: anyValue() }, { requiredKeys: [] })),
        async (b) => {
          for (const path of [`${A}/question/status`, `${A}/answer/status`]) {
            const r = await app.call('PUT', path, { token: admin, body: JSON.stringify(b) ?? 'null' });
            expect(r.status).toBeLessThan(500);
            expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
          }
        },
      ),
      { numRuns: 40 },
    );
    const text = () =>
      fc.oneof(
        fc.string({ maxLength: 60 }),
        fc.constantFrom('question:', 'answer:', 'user:', 'question:%', 'user:admin', `answer:${a1}`, 'normal', 'pending'),
      );
    await fc.assert(
      fc.asyncProperty(text(), text(), text(), text(), async (page, status, query, qid) => {
        const qs = `?page=${encodeURIComponent(page)}&page_size=${encodeURIComponent(page)}&status=${encodeURIComponent(status)}&query=${encodeURIComponent(query)}&question_id=${encodeURIComponent(qid)}`;
        for (const path of [`${A}/question/page`, `${A}/answer/page`]) {
          const r = await app.call('GET', path + qs, { token: admin });
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });
});
