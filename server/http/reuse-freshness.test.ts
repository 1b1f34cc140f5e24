import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion, login, vote } from '../../tests/support/factories.js';
import { onPostgres } from '../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { decodeId, newObjectId, OBJECT_TYPE } from '../infra/ids/object-id.js';
import { hashToken } from '../infra/tokens.js';
import { issueCode } from '../modules/user/email-code.js';

// Reused answers (anonymous reader pages, red dots, resolved tokens) are dropped only by the changes
// the services announce; no write drops them for being a write. Each test reads what a reader reads,
// makes one kind of write, and reads again: with a TTL of a minute, only the write's own
// announcement explains the fresh answer.
let app: TestApp;
let admin: string;

const api = (path: string) => `/answer/api/v1${path}`;
const adminApi = (path: string) => `/answer/admin/api${path}`;
const db = () => app.lantern.ctx.db;
const settle = () => app.lantern.ctx.events.settle();

const get = async (path: string, token?: string) => {
  const r = await app.call('GET', api(path), { token });
  expect(r.status).toBe(200);
  return r.body.data;
};
const write = async (method: string, path: string, token: string, body: unknown) => {
  const r = await app.call(method, path, { token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const questionInfo = (id: string) => get(`/question/info?id=${id}`);
const profile = (username: string) => get(`/personal/user/info?username=${encodeURIComponent(username)}`);
const redDot = (token: string) => get('/notification/status', token);
const me = (token: string) => get('/user/info', token);

beforeAll(async () => {
  app = await startTestApp({ config: { pageTtlMs: 60_000, sessionCacheMs: 60_000 } });
  await captchaOff(app);
  admin = await adminToken(app);
});

afterAll(async () => {
  await app.stop();
});

describe('the reuse is on', () => {
  it('an unannounced change (made in the tables) is not seen by any of the three', async () => {
    const u = await makeUser(app, { name: 'Reuse Is On', rank: 1000 });
    const id = await askQuestion(app, admin, { title: 'Is the reuse of reader pages really on here?', tags: ['reuse'] });
    await settle();
    const page = await questionInfo(id);
    const dot = await redDot(admin);
    const self = await me(u.token);
    await db().updateTable('question').set({ title: 'Renamed in the table only' }).where('id', '=', decodeId(id)!).execute();
    await db()
      .insertInto('report')
      .values(await aPendingReportRow(u.id, id))
      .execute();
    await db().updateTable('user').set({ display_name: 'Renamed behind its back' }).where('id', '=', u.id).execute();
    expect((await questionInfo(id)).title).toBe(page.title);
    expect(await redDot(admin)).toEqual(dot);
    // sessions are reused on SQLite with one process only (server/app.ts): on PostgreSQL another process may change a
    // user, so every request reads its session afresh and the change shows at once
    expect((await me(u.token)).display_name).toBe(onPostgres ? 'Renamed behind its back' : self.display_name);
  });
});

/** A pending flag row as POST report writes it (for the check that red dots are reused). */
async function aPendingReportRow(userId: number, objectId: string) {
  const now = app.lantern.ctx.clock.now();
  return {
    id: await newObjectId(db(), OBJECT_TYPE.report),
    user_id: userId,
    object_id: decodeId(objectId)!,
    reported_user_id: 1,
    object_type: OBJECT_TYPE.question,
    report_type: 57,
    status: 1 as const,
    created_at: now,
    updated_at: now,
  };
}

describe('an anonymous reader page shows at once', () => {
  it('a bookmark and its removal', async () => {
    const reader = await makeUser(app, { name: 'Bookmarking Reader', rank: 1000 });
    const id = await askQuestion(app, admin, { title: 'Does a bookmark show on the reused page at once?', tags: ['reuse'] });
    await settle();
    expect((await questionInfo(id)).collection_count).toBe(0);
    await write('POST', api('/collection/switch'), reader.token, { object_id: id, group_id: '0', bookmark: true });
    expect((await questionInfo(id)).collection_count).toBe(1);
    await write('POST', api('/collection/switch'), reader.token, { object_id: id, group_id: '0', bookmark: false });
    expect((await questionInfo(id)).collection_count).toBe(0);
  });

  it('a follow and an unfollow', async () => {
    const reader = await makeUser(app, { name: 'Following Reader', rank: 1000 });
    const id = await askQuestion(app, admin, { title: 'Does a follow show on the reused page at once?', tags: ['reuse'] });
    await settle();
    const before = (await questionInfo(id)).follow_count;
    await write('POST', api('/follow'), reader.token, { object_id: id, is_cancel: false });
    expect((await questionInfo(id)).follow_count).toBe(before + 1);
    await write('POST', api('/follow'), reader.token, { object_id: id, is_cancel: true });
    expect((await questionInfo(id)).follow_count).toBe(before);
  });

  it('an admin’s edit of the author’s name, and their suspension on the profile', async () => {
    const author = await makeUser(app, { name: 'Named Before', rank: 1000 });
    const { username } = await me(author.token);
    const id = await askQuestion(app, author.token, { title: 'Does the author’s new name show at once?', tags: ['reuse'] });
    await settle();
    expect((await questionInfo(id)).user_info.display_name).toBe('Named Before');
    expect((await profile(username)).status).toBe('normal');
    await write('PUT', adminApi('/user/profile'), admin, {
      user_id: String(author.id),
      display_name: 'Named After',
      username,
      email: `renamed-${author.id}@example.com`,
    });
    expect((await questionInfo(id)).user_info.display_name).toBe('Named After');
    await write('PUT', adminApi('/user/status'), admin, { user_id: String(author.id), status: 'suspended', suspend_duration: '24h' });
    expect((await profile(username)).status).toBe('suspended');
  });

  it('a login on the profile (its last login)', async () => {
    const u = await makeUser(app, { name: 'Logs In Later', email: 'logs-in-later@example.com' });
    const { username } = await me(u.token);
    await db().updateTable('user').set({ last_login_date: 1 }).where('id', '=', u.id).execute();
    expect((await profile(username)).last_login_date).toBe(1);
    await login(app, 'logs-in-later@example.com');
    expect((await profile(username)).last_login_date).toBeGreaterThan(1);
  });
});

describe('a reviewer’s red dot shows at once', () => {
  it('a suggested edit, and its approval', async () => {
    const reviewer = await makeUser(app, { name: 'Red Dot Reviewer', rank: 1000 });
    const editor = await makeUser(app, { name: 'Red Dot Editor', rank: 100 });
    const id = await askQuestion(app, admin, { title: 'Which question gets a suggested edit today?', tags: ['reuse'] });
    await settle();
    const before = (await redDot(reviewer.token)).revision;
    const suggested = await write('PUT', api('/question'), editor.token, {
      id,
      title: 'Which question gets a suggested edit now?',
      content: 'Details after a suggested edit.',
      tags: [{ slug_name: 'reuse' }],
      edit_summary: 'a better title',
    });
    expect(suggested.wait_for_review).toBe(true);
    expect((await redDot(reviewer.token)).revision).toBe(before + 1);
    const revision = await db()
      .selectFrom('revision')
      .select('id')
      .where('object_id', '=', decodeId(id)!)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    await write('PUT', api('/revisions/audit'), admin, { id: String(revision.id), operation: 'approve' });
    expect((await redDot(reviewer.token)).revision).toBe(before);
  });

  it('a flag, and its handling', async () => {
    const flagger = await makeUser(app, { name: 'Red Dot Flagger', rank: 1000 });
    const id = await askQuestion(app, admin, { title: 'Which question is flagged for the red dot?', tags: ['reuse'] });
    await settle();
    const before = (await redDot(admin)).revision;
    await write('POST', api('/report'), flagger.token, { object_id: id, report_type: 57, content: 'It sells things.' });
    expect((await redDot(admin)).revision).toBe(before + 1);
    const flag = await db()
      .selectFrom('report')
      .select('id')
      .where('object_id', '=', decodeId(id)!)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    await write('PUT', api('/report/review'), admin, { flag_id: flag.id, operation_type: 'ignore_report' });
    expect((await redDot(admin)).revision).toBe(before);
  });
});

describe('a reused session shows at once', () => {
  it('an admin’s edit of the user’s profile, and the user’s own interface language', async () => {
    const u = await makeUser(app, { name: 'Session Name Before' });
    const { username } = await me(u.token);
    await write('PUT', adminApi('/user/profile'), admin, {
      user_id: String(u.id),
      display_name: 'Session Name After',
      username,
      email: `session-${u.id}@example.com`,
    });
    expect((await me(u.token)).display_name).toBe('Session Name After');
    await write('PUT', api('/user/interface'), u.token, { language: 'zh_CN', color_scheme: 'dark' });
    expect(await me(u.token)).toMatchObject({ language: 'zh_CN', color_scheme: 'dark' });
  });

  it('a reputation someone else’s vote gave', async () => {
    const author = await makeUser(app, { name: 'Voted Author', rank: 1000 });
    const voter = await makeUser(app, { name: 'Upvoting Voter', rank: 1000 });
    const id = await askQuestion(app, author.token, { title: 'Whose reputation does this upvote raise?', tags: ['reuse'] });
    await settle();
    const before = (await me(author.token)).rank;
    await vote(app, voter.token, id);
    expect((await me(author.token)).rank).toBeGreaterThan(before);
  });

  it('an admin’s role change and password change end the sessions', async () => {
    const u = await makeUser(app, { name: 'Role Changes' });
    expect(await me(u.token)).not.toBeNull();
    await write('PUT', adminApi('/user/role'), admin, { user_id: String(u.id), role_id: 3 });
    expect(await me(u.token)).toBeNull();
    const again = (await app.lantern.ctx.sessions.issue(u.id)).accessToken;
    expect((await me(again)).role_id).toBe(3);
    await write('PUT', adminApi('/user/password'), admin, { user_id: String(u.id), password: 'a-new-password-1' });
    expect(await me(again)).toBeNull();
  });

  it('a password reset by mail ends every session', async () => {
    const u = await makeUser(app, { name: 'Resets Password' });
    expect(await me(u.token)).not.toBeNull();
    const code = await issueCode(db(), u.id, 'password_reset', {}, app.lantern.ctx.clock.now());
    await write('POST', api('/user/password/replacement'), '', { code, pass: 'a-new-password-2' });
    expect(await me(u.token)).toBeNull();
    // the row is gone, not merely the reused answer
    const left = await db().selectFrom('user_session').select('token_hash').where('token_hash', '=', hashToken(u.token)).execute();
    expect(left).toEqual([]);
  });
});
