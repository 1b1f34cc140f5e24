import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let admin: string;
let qid: string;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  qid = await askQuestion(app, admin, {
    title: 'A question worth following',
    content: 'Follow me for updates.',
    tags: ['sqlite', 'backup'],
  });
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';
const call = (method: string, path: string, token?: string, body?: unknown) => app.call(method, `${V1}${path}`, { token, body });
const db = () => app.lantern.ctx.db;
const follow = (token: string, body: unknown) => call('POST', '/follow', token, body);
const tagId = async (slug: string) =>
  (await db().selectFrom('tag').select('id').where('slug_name', '=', slug).executeTakeFirstOrThrow()).id;
const followRows = (objectId: string) =>
  db()
    .selectFrom('activity')
    .select(['user_id', 'activity_type', 'cancelled', 'original_object_id'])
    .where('object_id', '=', objectId)
    .where('activity_type', 'in', [24, 32, 35])
    .execute();

describe('POST /answer/api/v1/follow', () => {
  it('follows and unfollows a question idempotently, keeping follow_count and the viewer state', async () => {
    const u = await makeUser(app);
    expect((await follow(u.token, { object_id: qid })).body).toMatchObject({ code: 200, data: { follows: 1, is_followed: true } });
    expect((await follow(u.token, { object_id: qid, is_cancel: false })).body.data).toEqual({ follows: 1, is_followed: true });
    expect(await followRows(qid)).toEqual([{ user_id: u.id, activity_type: 32, cancelled: 0, original_object_id: qid }]);
    const info = await call('GET', `/question/info?id=${qid}`, u.token);
    expect(info.body.data).toMatchObject({ is_followed: true, follow_count: 1 });
    expect((await follow(admin, { object_id: qid })).body.data).toEqual({ follows: 2, is_followed: true });
    expect((await follow(u.token, { object_id: qid, is_cancel: true })).body.data).toEqual({ follows: 1, is_followed: false });
    expect((await follow(u.token, { object_id: qid, is_cancel: 'true' })).body.data).toEqual({ follows: 1, is_followed: false });
    expect(await followRows(qid)).toContainEqual({ user_id: u.id, activity_type: 32, cancelled: 1, original_object_id: qid });
    expect((await call('GET', `/question/info?id=${qid}`, u.token)).body.data).toMatchObject({ is_followed: false, follow_count: 1 });
    // following again revives the same row
    expect((await follow(u.token, { object_id: qid })).body.data).toEqual({ follows: 2, is_followed: true });
    expect((await followRows(qid)).length).toBe(2);
  });

  it('follows a tag (counted on the tag, listed in tags/following) and a user (counted on the user)', async () => {
    const u = await makeUser(app);
    const sqlite = await tagId('sqlite');
    expect((await follow(u.token, { object_id: sqlite })).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await db().selectFrom('tag').select('follow_count').where('id', '=', sqlite).executeTakeFirstOrThrow()).follow_count).toBe(1);
    expect((await call('GET', '/tags/following', u.token)).body.data.map((t: { slug_name: string }) => t.slug_name)).toEqual(['sqlite']);
    expect((await call('GET', '/tag?name=sqlite', u.token)).body.data).toMatchObject({ is_follower: true, follow_count: 1 });
    expect(await followRows(sqlite)).toEqual([{ user_id: u.id, activity_type: 35, cancelled: 0, original_object_id: sqlite }]);
    expect((await follow(u.token, { object_id: '1' })).body.data).toEqual({ follows: 1, is_followed: true });
    expect((await db().selectFrom('user').select('follow_count').where('id', '=', 1).executeTakeFirstOrThrow()).follow_count).toBe(1);
    expect(await followRows('1')).toEqual([{ user_id: u.id, activity_type: 24, cancelled: 0, original_object_id: '1' }]);
    expect((await follow(u.token, { object_id: '1', is_cancel: true })).body.data).toEqual({ follows: 0, is_followed: false });
  });

  it("accepts a question's short id", async () => {
    await app.lantern.ctx.settings.put('seo', { permalink: 4, robots: '' });
    const shortId = (await call('GET', '/question/page')).body.data.list[0].id as string;
    expect(shortId).not.toBe(qid);
    expect((await follow(admin, { object_id: shortId })).body.data).toEqual({ follows: 1, is_followed: true });
    expect(await followRows(qid)).toHaveLength(1);
  });

  it('refuses unknown objects (404), objects that cannot be followed and yourself (400)', async () => {
    const u = await makeUser(app);
    expect((await follow(u.token, { object_id: '10010000000099999' })).body).toMatchObject({
      code: 404,
      reason: 'error.question.not_found',
    });
    expect((await follow(u.token, { object_id: '10030000000099999' })).body).toMatchObject({ code: 404, reason: 'error.tag.not_found' });
    expect((await follow(u.token, { object_id: '99999' })).body).toMatchObject({ code: 404, reason: 'error.user.not_found' });
    const answer = await call('POST', '/answer', u.token, { question_id: qid, content: 'An answer to follow?' });
    expect((await follow(u.token, { object_id: answer.body.data.info.id })).body).toMatchObject({
      code: 400,
      reason: 'error.object.disallow_follow',
      msg: 'You are not allowed to follow.',
    });
    expect((await follow(u.token, { object_id: String(u.id) })).body).toMatchObject({ code: 400, reason: 'error.object.disallow_follow' });
    expect((await follow(u.token, { object_id: '!!' })).body).toMatchObject({ code: 400, reason: 'error.object.not_found' });
  });

  it('refuses to follow a deleted question or tag but lets followers leave', async () => {
    const u = await makeUser(app);
    await follow(u.token, { object_id: qid });
    await db().updateTable('question').set({ status: 10 }).where('id', '=', qid).execute();
    expect((await follow(admin, { object_id: qid })).status).toBe(404);
    expect((await follow(u.token, { object_id: qid, is_cancel: true })).body.data).toEqual({ follows: 0, is_followed: false });
    const t = await tagId('backup');
    await db().updateTable('tag').set({ status: 10 }).where('id', '=', t).execute();
    expect((await follow(u.token, { object_id: t })).body).toMatchObject({ code: 404, reason: 'error.tag.not_found' });
  });

  it.each([
    [{}, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: '' }, 'object_id', 'Object id cannot be empty.'],
    [{ object_id: 123 }, 'object_id', 'Object id is not valid.'],
    [{ object_id: 'x'.repeat(65) }, 'object_id', 'Object id up to 64 characters.'],
    [{ object_id: '1', is_cancel: 'maybe' }, 'is_cancel', 'Cancel is not valid.'],
  ])('validates the body, case %#', async (body, field, message) => {
    const r = await follow(admin, body);
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
  });

  it('needs an active login', async () => {
    expect((await follow('', { object_id: qid })).status).toBe(401);
    expect((await follow((await makeUser(app, { mailStatus: 2 })).token, { object_id: qid })).body).toMatchObject({
      code: 403,
      data: { type: 'inactive' },
    });
  });
});

describe('PUT /answer/api/v1/follow/tags', () => {
  it('replaces the followed tags, ignores unknown slugs and keeps the counts', async () => {
    await call('POST', '/tag', admin, { slug_name: 'wal', display_name: 'WAL' });
    const u = await makeUser(app);
    const followed = async () => (await call('GET', '/tags/following', u.token)).body.data.map((t: { slug_name: string }) => t.slug_name);
    const count = async (slug: string) =>
      (await db().selectFrom('tag').select('follow_count').where('slug_name', '=', slug).executeTakeFirstOrThrow()).follow_count;
    expect((await call('PUT', '/follow/tags', u.token, { slug_name_list: ['SQLite', 'backup'] })).body).toMatchObject({
      code: 200,
      data: null,
    });
    expect(await followed()).toEqual(['backup', 'sqlite']);
    await call('PUT', '/follow/tags', u.token, { slug_name_list: ['backup', 'wal', 'no-such-tag'] });
    expect(await followed()).toEqual(['backup', 'wal']);
    expect([await count('sqlite'), await count('backup'), await count('wal')]).toEqual([0, 1, 1]);
    await call('PUT', '/follow/tags', u.token, { slug_name_list: [] });
    expect(await followed()).toEqual([]);
    await call('PUT', '/follow/tags', u.token, { slug_name_list: ['wal'] });
    await call('PUT', '/follow/tags', u.token, {});
    expect(await followed()).toEqual([]);
    expect(await count('wal')).toBe(0);
  });

  it('validates the list and needs an active login', async () => {
    expect((await call('PUT', '/follow/tags', admin, { slug_name_list: 'sqlite' })).body.data).toEqual([
      { error_field: 'slug_name_list', error_msg: 'Tags is not valid.' },
    ]);
    expect((await call('PUT', '/follow/tags', admin, { slug_name_list: [1] })).body.data).toEqual([
      { error_field: 'slug_name_list.0', error_msg: 'Slug name list.0 is not valid.' },
    ]);
    expect((await call('PUT', '/follow/tags', admin, { slug_name_list: ['x'.repeat(36)] })).status).toBe(400);
    expect((await call('PUT', '/follow/tags', '', { slug_name_list: [] })).status).toBe(401);
    expect((await call('PUT', '/follow/tags', (await makeUser(app, { mailStatus: 2 })).token, { slug_name_list: [] })).status).toBe(403);
  });
});

describe('malformed input to the follow endpoints', () => {
  it('never answers 500', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          object_id: fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.constantFrom(qid, '1', '10030000000000001', '0', '-1')),
          is_cancel: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { slug_name_list: fc.oneof(fc.array(fc.string({ maxLength: 40 }), { maxLength: 5 }), fc.anything()) },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        for (const [method, path] of [
          ['POST', '/follow'],
          ['PUT', '/follow/tags'],
        ]) {
          const r = await app.call(method, `${V1}${path}`, { token: admin, body: JSON.stringify(b) ?? 'null' });
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 40 },
    );
  });
});
