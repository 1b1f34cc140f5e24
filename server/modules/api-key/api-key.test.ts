import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from '../../contract/enums.js';
import { hashToken } from '../../infra/tokens.js';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { askQuestion } from '../../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.stop());

/** Makes an admin key through the API; returns the whole key. */
async function adminKey(scope: 'read-only' | 'global', token = admin): Promise<string> {
  const r = await t.call('POST', '/answer/admin/api/api-key', { token, body: { description: `${scope} key`, scope } });
  expect(r.status).toBe(200);
  return r.body.data.access_key as string;
}

/** Makes a member's own key through the API; returns the whole key. */
async function personalKey(token: string, scope: 'read-only' | 'global'): Promise<string> {
  const r = await t.call('POST', '/answer/api/v1/personal/api-key', { token, body: { description: 'mine', scope } });
  expect(r.status).toBe(200);
  return r.body.data.access_key as string;
}

const keyRow = (key: string) =>
  t.lantern.ctx.db.selectFrom('api_key').selectAll().where('key_hash', '=', hashToken(key)).executeTakeFirstOrThrow();

describe('POST /answer/admin/api/api-key', () => {
  it('answers the whole key once, "sk_" and 64 hex characters, and stores only its SHA-256', async () => {
    const key = await adminKey('global');
    expect(key).toMatch(/^sk_[0-9a-f]{64}$/);
    const row = await keyRow(key);
    expect(JSON.stringify(row)).not.toContain(key.slice(3));
    expect(row.key_hash).toBe(hashToken(key));
  });

  it('rejects a description over 150 characters with error_field description', async () => {
    const r = await t.call('POST', '/answer/admin/api/api-key', { token: admin, body: { description: 'x'.repeat(151), scope: 'global' } });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([expect.objectContaining({ error_field: 'description' })]);
  });

  it('rejects an unknown scope with error_field scope', async () => {
    const r = await t.call('POST', '/answer/admin/api/api-key', { token: admin, body: { description: 'd', scope: 'all' } });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([expect.objectContaining({ error_field: 'scope' })]);
  });

  it('is refused to a member (403) and to no token (401)', async () => {
    const m = await makeUser(t);
    expect(
      (await t.call('POST', '/answer/admin/api/api-key', { token: m.token, body: { description: 'd', scope: 'global' } })).status,
    ).toBe(403);
    expect((await t.call('POST', '/answer/admin/api/api-key', { body: { description: 'd', scope: 'global' } })).status).toBe(401);
  });
});

describe('GET /answer/admin/api/api-key/all', () => {
  it('lists the admin keys masked as Answer does (7 characters, 8 stars, 4), with the fields of GetAPIKeyResp', async () => {
    const key = await adminKey('read-only');
    const r = await t.call('GET', '/answer/admin/api/api-key/all', { token: admin });
    expect(r.status).toBe(200);
    const item = (r.body.data as { access_key: string }[]).find((k) => k.access_key === `${key.slice(0, 7)}********${key.slice(-4)}`);
    expect(item).toEqual({
      id: expect.any(Number),
      access_key: `${key.slice(0, 7)}********${key.slice(-4)}`,
      description: 'read-only key',
      scope: 'read-only',
      created_at: expect.any(Number),
      last_used_at: 0,
    });
    expect(JSON.stringify(r.body)).not.toContain(key);
  });
});

describe('PUT and DELETE /answer/admin/api/api-key', () => {
  it('changes the description, then deletes the key, which stops working at once', async () => {
    const key = await adminKey('global');
    const { id } = await keyRow(key);
    expect((await t.call('PUT', '/answer/admin/api/api-key', { token: admin, body: { id, description: 'renamed' } })).status).toBe(200);
    expect((await keyRow(key)).description).toBe('renamed');
    expect((await t.call('GET', '/answer/admin/api/api-key/all', { token: key })).status).toBe(403); // keys cannot manage keys
    expect((await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key })).status).toBe(200);
    expect((await t.call('DELETE', '/answer/admin/api/api-key', { token: admin, body: { id } })).status).toBe(200);
    expect((await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key })).status).toBe(401);
  });

  it('rejects a PUT without id and a description over 150 characters', async () => {
    const r = await t.call('PUT', '/answer/admin/api/api-key', { token: admin, body: { description: 'y'.repeat(151) } });
    expect(r.status).toBe(400);
    expect((r.body.data as { error_field: string }[]).map((f) => f.error_field).sort()).toEqual(['description', 'id']);
  });
});

describe('a key as the Authorization header', () => {
  it('read-only: serves GETs, refuses writes with 403 error.api_key.read_only', async () => {
    const key = await adminKey('read-only');
    expect((await t.call('GET', '/answer/api/v1/user/info', { token: key })).body.data.username).toBeTruthy();
    const r = await t.call('POST', '/answer/api/v1/question', {
      token: key,
      body: { title: 'a title long enough', content: 'x'.repeat(20), tags: [] },
    });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('error.api_key.read_only');
  });

  it('global: writes as the admin who made it, with a Bearer prefix too', async () => {
    const key = await adminKey('global');
    const general = await t.call('GET', '/answer/admin/api/siteinfo/general', { token: `Bearer ${key}` });
    const r = await t.call('PUT', '/answer/admin/api/siteinfo/general', {
      token: `Bearer ${key}`,
      body: { ...general.body.data, name: 'Renamed by key' },
    });
    expect(r.status).toBe(200);
    const info = await t.call('GET', '/answer/api/v1/user/info', { token: key });
    expect(info.body.data.id).toBe('1');
    expect(JSON.stringify(info.body)).not.toContain(key.slice(3)); // the key is not echoed as a session token
  });

  it('records the last use, at most once a minute', async () => {
    const key = await adminKey('read-only');
    expect((await keyRow(key)).last_used_at).toBe(0);
    await t.call('GET', '/answer/api/v1/user/info', { token: key });
    const first = Number((await keyRow(key)).last_used_at);
    expect(first).toBeGreaterThan(0);
    await t.lantern.ctx.db
      .updateTable('api_key')
      .set({ last_used_at: first - 30 })
      .where('key_hash', '=', hashToken(key))
      .execute();
    await t.call('GET', '/answer/api/v1/user/info', { token: key });
    expect(Number((await keyRow(key)).last_used_at)).toBe(first - 30); // within the minute: not written
    await t.lantern.ctx.db
      .updateTable('api_key')
      .set({ last_used_at: first - 61 })
      .where('key_hash', '=', hashToken(key))
      .execute();
    await t.call('GET', '/answer/api/v1/user/info', { token: key });
    expect(Number((await keyRow(key)).last_used_at)).toBeGreaterThanOrEqual(first);
  });

  it('an unknown key is no caller: 401 where a login is needed', async () => {
    const r = await t.call('GET', '/answer/api/v1/personal/vote/page', { token: `sk_${'0'.repeat(64)}` });
    expect(r.status).toBe(401);
  });

  it("a demoted admin's key stops acting as admin; a suspended owner's key stops working", async () => {
    const other = await makeUser(t, { roleId: ROLE.admin });
    const key = await adminKey('global', other.token);
    expect((await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key })).status).toBe(200);
    expect(
      (await t.call('PUT', '/answer/admin/api/user/role', { token: admin, body: { user_id: String(other.id), role_id: ROLE.user } }))
        .status,
    ).toBe(200);
    expect((await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key })).status).toBe(403);
    expect((await t.call('GET', '/answer/api/v1/personal/vote/page', { token: key })).status).toBe(200);
    await t.lantern.ctx.db
      .updateTable('user')
      .set({ status: USER_STATUS.suspended, suspended_until: 0 })
      .where('id', '=', other.id)
      .execute();
    expect((await t.call('GET', '/answer/api/v1/personal/vote/page', { token: key })).status).toBe(401);
  });
});

describe("/answer/api/v1/personal/api-key (a member's own keys)", () => {
  it("lists, renames and revokes only the member's own keys", async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const key = await personalKey(a.token, 'global');
    const { id } = await keyRow(key);
    const list = await t.call('GET', '/answer/api/v1/personal/api-key/all', { token: a.token });
    expect(list.body.data).toEqual([expect.objectContaining({ id, description: 'mine', scope: 'global' })]);
    expect((await t.call('GET', '/answer/api/v1/personal/api-key/all', { token: b.token })).body.data).toEqual([]);
    // another member's id changes nothing
    await t.call('PUT', '/answer/api/v1/personal/api-key', { token: b.token, body: { id, description: 'hijack' } });
    await t.call('DELETE', '/answer/api/v1/personal/api-key', { token: b.token, body: { id } });
    expect((await keyRow(key)).description).toBe('mine');
    expect((await t.call('PUT', '/answer/api/v1/personal/api-key', { token: a.token, body: { id, description: 'renamed' } })).status).toBe(
      200,
    );
    expect((await keyRow(key)).description).toBe('renamed');
    // admin keys are not the member's, member keys are not in the admin list
    const adminList = await t.call('GET', '/answer/admin/api/api-key/all', { token: admin });
    expect((adminList.body.data as { id: number }[]).some((k) => k.id === id)).toBe(false);
    expect((await t.call('DELETE', '/answer/api/v1/personal/api-key', { token: a.token, body: { id } })).status).toBe(200);
    expect((await t.call('GET', '/answer/api/v1/personal/vote/page', { token: key })).status).toBe(401);
  });

  it('acts as the member: asks a question as them, and cannot reach admin routes', async () => {
    const m = await makeUser(t, { rank: 1000 });
    const key = await personalKey(m.token, 'global');
    const qid = await askQuestion(t, key);
    const q = await t.call('GET', `/answer/api/v1/question/info?id=${qid}`, { token: m.token });
    expect(q.body.data.user_info.id).toBe(String(m.id));
    const r = await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key });
    expect(r.status).toBe(403);
  });

  it("an admin's own (personal) key is refused on admin routes with error.api_key.not_admin_key", async () => {
    const key = await personalKey(admin, 'global');
    const r = await t.call('GET', '/answer/admin/api/siteinfo/general', { token: key });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('error.api_key.not_admin_key');
  });

  it('a read-only member key cannot write; keys cannot make keys', async () => {
    const m = await makeUser(t);
    const ro = await personalKey(m.token, 'read-only');
    expect(
      (await t.call('POST', '/answer/api/v1/personal/api-key', { token: ro, body: { description: 'd', scope: 'global' } })).body.reason,
    ).toBe('error.api_key.read_only');
    const gl = await personalKey(m.token, 'global');
    const r = await t.call('POST', '/answer/api/v1/personal/api-key', { token: gl, body: { description: 'd', scope: 'global' } });
    expect(r.status).toBe(403);
    expect(r.body.reason).toBe('error.api_key.session_required');
  });

  it('rejects a description over 150 characters and requires a login', async () => {
    const m = await makeUser(t);
    const r = await t.call('POST', '/answer/api/v1/personal/api-key', {
      token: m.token,
      body: { description: 'z'.repeat(151), scope: 'read-only' },
    });
    expect(r.status).toBe(400);
    expect(r.body.data[0].error_field).toBe('description');
    expect((await t.call('GET', '/answer/api/v1/personal/api-key/all')).status).toBe(401);
  });
});
