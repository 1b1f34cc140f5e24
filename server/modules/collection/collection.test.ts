import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest } from '../../../tests/support/fresh-app.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import type { TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let admin: string;
freshAppPerTest((a, token) => ([app, admin] = [a, token]));

const V1 = '/answer/api/v1';
const call = (method: string, path: string, token?: string, body?: unknown) => app.call(method, `${V1}${path}`, { token, body });
const db = () => app.lantern.ctx.db;
/** The body every question of the tests has (the bookmark list leaves it out). */
const BOOKMARKED_BODY = 'A **body** that the bookmark list leaves out.';
const bookmark = (token: string, objectId: string, on: unknown = true) =>
  call('POST', '/collection/switch', token, { object_id: objectId, group_id: '0', bookmark: on });

describe('POST /answer/api/v1/collection/switch', () => {
  it('bookmarks and un-bookmarks a question idempotently, keeping collection_count and the viewer state', async () => {
    const qid = await askQuestion(app, admin, { title: 'Bookmark this question', content: BOOKMARKED_BODY });
    const u = await makeUser(app);
    expect((await bookmark(u.token, qid)).body).toMatchObject({ code: 200, data: { object_collection_count: 1 } });
    expect((await bookmark(u.token, qid)).body.data).toEqual({ object_collection_count: 1 });
    expect((await bookmark(admin, qid, 'true')).body.data).toEqual({ object_collection_count: 2 });
    expect((await call('GET', `/question/info?id=${qid}`, u.token)).body.data).toMatchObject({ collected: true, collection_count: 2 });
    expect((await bookmark(u.token, qid, false)).body.data).toEqual({ object_collection_count: 1 });
    expect((await bookmark(u.token, qid, false)).body.data).toEqual({ object_collection_count: 1 });
    expect((await call('GET', `/question/info?id=${qid}`, u.token)).body.data).toMatchObject({ collected: false, collection_count: 1 });
    const rows = await db().selectFrom('collection').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: 1, object_id: qid });
    expect(rows[0].id).toMatch(/^1006\d{13}$/);
  });

  it('files bookmarks in one default group per user, whatever group_id says', async () => {
    const a = await askQuestion(app, admin, { title: 'First question', content: BOOKMARKED_BODY });
    const b = await askQuestion(app, admin, { title: 'Second', content: BOOKMARKED_BODY });
    const u = await makeUser(app);
    await call('POST', '/collection/switch', u.token, { object_id: a, group_id: '12345', bookmark: true });
    await call('POST', '/collection/switch', u.token, { object_id: b, group_id: 7, bookmark: true });
    const groups = await db().selectFrom('collection_group').selectAll().where('user_id', '=', u.id).execute();
    expect(groups).toEqual([expect.objectContaining({ name: 'default', default_group: 1 })]);
    const used = await db().selectFrom('collection').select('user_collection_group_id').where('user_id', '=', u.id).execute();
    expect(used.map((c) => c.user_collection_group_id)).toEqual([groups[0].id, groups[0].id]);
  });

  it('bookmarks by short id too', async () => {
    const qid = await askQuestion(app, admin, { title: 'Short id bookmark', content: BOOKMARKED_BODY });
    await app.lantern.ctx.settings.put('seo', { permalink: 3, robots: '' });
    const shortId = (await call('GET', '/question/page')).body.data.list[0].id as string;
    expect((await bookmark(admin, shortId)).body.data).toEqual({ object_collection_count: 1 });
    expect((await db().selectFrom('collection').select('object_id').executeTakeFirstOrThrow()).object_id).toBe(qid);
  });

  it('404s unknown questions and other objects; a deleted question can be un-bookmarked but not bookmarked', async () => {
    const qid = await askQuestion(app, admin, { title: 'Soon deleted', content: BOOKMARKED_BODY });
    const u = await makeUser(app);
    expect((await bookmark(u.token, '10010000000099999')).body).toMatchObject({ code: 404, reason: 'error.question.not_found' });
    expect((await bookmark(u.token, '10030000000000001')).status).toBe(404);
    expect((await bookmark(u.token, 'garbage!')).status).toBe(404);
    await bookmark(u.token, qid);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await bookmark(admin, qid)).status).toBe(404);
    expect((await bookmark(u.token, qid, false)).body.data).toEqual({ object_collection_count: 0 });
  });

  it.each([
    [{ group_id: '0', bookmark: true }, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: 5, group_id: '0', bookmark: true }, 'object_id', 'Object id is not valid.'],
    [{ object_id: '10010000000000001', bookmark: true }, 'group_id', 'Group id cannot be empty.'],
    [{ object_id: '10010000000000001', group_id: {}, bookmark: true }, 'group_id', 'Group id is not valid.'],
    [{ object_id: '10010000000000001', group_id: '0', bookmark: 'yes' }, 'bookmark', 'Bookmark is not valid.'],
  ])('validates the body, case %#', async (body, field, message) => {
    const r = await call('POST', '/collection/switch', admin, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
  });

  it('needs an active login', async () => {
    const qid = await askQuestion(app, admin, { title: 'Login first', content: BOOKMARKED_BODY });
    expect((await bookmark('', qid)).status).toBe(401);
    expect((await bookmark((await makeUser(app, { mailStatus: 2 })).token, qid)).body).toMatchObject({
      code: 403,
      data: { type: 'inactive' },
    });
  });
});

describe('GET /answer/api/v1/personal/collection/page', () => {
  it("lists the caller's bookmarked questions, newest bookmark first, without bodies", async () => {
    const first = await askQuestion(app, admin, { title: 'First bookmarked', content: BOOKMARKED_BODY, tags: ['sqlite', 'backup'] });
    const second = await askQuestion(app, admin, { title: 'Second bookmarked', content: BOOKMARKED_BODY });
    const other = await askQuestion(app, admin, { title: 'Not bookmarked by me', content: BOOKMARKED_BODY });
    const u = await makeUser(app);
    const someoneElse = await makeUser(app);
    await bookmark(u.token, first);
    await bookmark(u.token, second);
    await bookmark(someoneElse.token, other);
    await db().updateTable('collection').set({ created_at: 1000 }).where('object_id', '=', first).execute();
    await db().updateTable('collection').set({ created_at: 2000 }).where('object_id', '=', second).execute();
    const r = await call('GET', '/personal/collection/page', u.token);
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.list.map((q: { id: string }) => q.id)).toEqual([second, first]);
    const item = r.body.data.list[1];
    expect(item).toMatchObject({
      id: first,
      title: 'First bookmarked',
      url_title: 'first-bookmarked',
      content: '',
      html: '',
      collected: true,
      collection_count: 1,
      status: 1,
      update_user_info: null,
      last_answered_user_info: null,
      user_info: { id: '1', username: 'admin' },
    });
    expect(item.description).toBe('A body that the bookmark list leaves out.');
    expect(item.tags.map((t: { slug_name: string }) => t.slug_name)).toEqual(['sqlite', 'backup']);
    const paged = await call('GET', '/personal/collection/page?page=2&page_size=1', u.token);
    expect(paged.body.data.count).toBe(2);
    expect(paged.body.data.list.map((q: { id: string }) => q.id)).toEqual([first]);
    expect((await call('GET', '/personal/collection/page?page=9', u.token)).body.data).toEqual({ count: 2, list: [] });
    expect((await call('GET', '/personal/collection/page?page=abc&page_size=-3', u.token)).body.data.count).toBe(2);
  });

  it('shows a deleted question as "Deleted question" and leaves out others\' questions awaiting review', async () => {
    const qid = await askQuestion(app, admin, { title: 'Will be deleted', content: BOOKMARKED_BODY });
    const pending = await askQuestion(app, admin, { title: 'Will await review', content: BOOKMARKED_BODY });
    const u = await makeUser(app);
    await bookmark(u.token, qid);
    await bookmark(u.token, pending);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    await db().updateTable('question').set({ status: 11 }).where('id', '=', pending).execute();
    const page = (await call('GET', '/personal/collection/page', u.token)).body.data;
    expect(page.count).toBe(1);
    expect(page.list[0]).toMatchObject({
      id: qid,
      title: 'Deleted question',
      url_title: 'deleted-question',
      status: 10,
      status_name: 'deleted',
    });
    await bookmark(admin, pending);
    expect((await call('GET', '/personal/collection/page', admin)).body.data.list.map((q: { id: string }) => q.id)).toEqual([pending]);
  });

  it('is empty for a user without bookmarks and needs an active login', async () => {
    expect((await call('GET', '/personal/collection/page', (await makeUser(app)).token)).body.data).toEqual({ count: 0, list: [] });
    expect((await call('GET', '/personal/collection/page')).status).toBe(401);
    expect((await call('GET', '/personal/collection/page', (await makeUser(app, { mailStatus: 2 })).token)).status).toBe(403);
  });
});

describe('malformed input to the bookmark endpoints', () => {
  it('never answers 500', async () => {
    const qid = await askQuestion(app, admin, { title: 'Fuzzed question', content: BOOKMARKED_BODY });
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          object_id: fc.oneof(fc.string({ maxLength: 40 }), fc.constant(qid), fc.anything()),
          group_id: fc.oneof(fc.string({ maxLength: 10 }), fc.anything()),
          bookmark: fc.anything(),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, fc.string({ maxLength: 20 }), async (b, q) => {
        const r = await app.call('POST', `${V1}/collection/switch`, { token: admin, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        const page = await app.call(
          'GET',
          `${V1}/personal/collection/page?page=${encodeURIComponent(q)}&page_size=${encodeURIComponent(q)}`,
          { token: admin },
        );
        expect(page.status).toBe(200);
      }),
      { numRuns: 40 },
    );
  });
});
