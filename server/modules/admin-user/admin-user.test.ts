import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser, useSmtp } from '../../../tests/support/accounts.js';
import { insertAnswer, insertComment, insertQuestion, tryLogin } from '../../../tests/support/factories.js';
import { linkIn, startSmtp } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { parseBulkUsers, suspendedUntil } from './admin-user.service.js';

let app: TestApp;
let admin: string;
/** A clock the tests move by hand. */
const clock = {
  t: 1_800_000_000,
  now() {
    return this.t;
  },
};
beforeEach(async () => {
  clock.t = 1_800_000_000;
  app = await startTestApp({ deps: { clock } });
  await captchaOff(app);
  admin = await adminToken(app);
});
afterEach(async () => app.stop());

const A = '/answer/admin/api';
const V1 = '/answer/api/v1';
const db = () => app.lantern.ctx.db;
const now = () => app.lantern.ctx.clock.now();
const userRow = (id: number) => db().selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Whether a token still opens an endpoint that needs an active login. */
async function tokenWorks(token: string): Promise<number> {
  return (await app.call('GET', `${V1}/user/notification/config`, { token })).status;
}

/** A question, an answer on someone else's question, and comments by `uid`, written straight into the tables. */
async function postsBy(uid: number, otherUid: number) {
  const ownQ = await insertQuestion(app, { userId: uid, title: `A question by ${uid}`, content: 'Body text' });
  const otherQ = await insertQuestion(app, { userId: otherUid, title: `A question by ${otherUid}`, content: 'Body text' });
  const t = now();
  const tagId = await newObjectId(db(), OBJECT_TYPE.tag);
  await db()
    .insertInto('tag')
    .values({ id: tagId, slug_name: 'cleanup', display_name: 'cleanup', created_at: t, updated_at: t, question_count: 1 })
    .execute();
  await db().insertInto('tag_rel').values({ object_id: ownQ, tag_id: tagId, status: 1, created_at: t, updated_at: t }).execute();
  const answer = await insertAnswer(app, { questionId: otherQ, userId: uid, content: 'An answer', adopted: 2 });
  await db()
    .updateTable('question')
    .set({ answer_count: 1, accepted_answer_id: answer, last_answer_id: answer })
    .where('id', '=', otherQ)
    .execute();
  await db().updateTable('user').set({ question_count: 1, answer_count: 1 }).where('id', '=', uid).execute();
  const comment = await insertComment(app, { objectId: answer, questionId: otherQ, userId: uid, content: 'A comment' });
  await db().updateTable('answer').set({ comment_count: 1 }).where('id', '=', answer).execute();
  return { ownQ, otherQ, answer, comment, tagId };
}

describe('who may use the admin user endpoints', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', `${A}/users/page`],
    ['PUT', `${A}/user/status`, { user_id: '2', status: 'normal' }],
    ['PUT', `${A}/user/role`, { user_id: '2', role_id: 1 }],
    ['GET', `${A}/user/activation?user_id=2`],
    ['POST', `${A}/user/activation`, { user_id: '2' }],
    ['POST', `${A}/user`, { display_name: 'New person', email: 'np@example.com', password: 'password-123' }],
    ['POST', `${A}/users`, { users: 'New person, np@example.com, password-123' }],
    ['PUT', `${A}/user/password`, { user_id: '2', password: 'password-456' }],
    ['PUT', `${A}/user/profile`, { user_id: '2', display_name: 'Someone', username: 'someone', email: 's@example.com' }],
    ['DELETE', `${A}/delete/permanently`, { type: 'users' }],
  ];

  it('refuses anonymous callers (401), plain users and moderators (403)', async () => {
    const user = await makeUser(app);
    const mod = await makeUser(app, { roleId: 3 });
    for (const [method, path, body] of calls) {
      expect((await app.call(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const token of [user.token, mod.token]) {
        const r = await app.call(method, path, { body, token });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body.reason).toBe('base.unauthorized_error');
      }
    }
    // nothing happened
    expect(await db().selectFrom('user').select('id').where('e_mail', '=', 'np@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('GET users/page', () => {
  it('lists verified available users newest first with the reference fields', async () => {
    const u = await makeUser(app, { name: 'Listed Person', email: 'listed@example.com', rank: 7 });
    const r = await app.call('GET', `${A}/users/page`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.count).toBe(2);
    expect(r.body.data.list[0]).toEqual({
      user_id: String(u.id),
      created_at: expect.any(Number),
      deleted_at: 0,
      suspended_at: 0,
      suspended_until: 0,
      username: 'listed-person',
      e_mail: 'listed@example.com',
      rank: 7,
      status: 'normal',
      display_name: 'Listed Person',
      // no choice made and the new site's default is the built-in letter avatar
      avatar: '',
      role_id: 1,
      role_name: 'User',
      // Lantern's own: not imported from a Stack Exchange dump (claim.test.ts has imported ones)
      imported: false,
      claimable: false,
    });
    expect(r.body.data.list[1]).toMatchObject({ user_id: '1', role_id: 2, role_name: 'Admin', status: 'normal' });
  });

  it('filters by status, staff and query, and pages', async () => {
    const inactive = await makeUser(app, { mailStatus: 2, email: 'inactive@example.com' });
    const suspended = await makeUser(app, { status: 9 });
    const deleted = await makeUser(app, { status: 10 });
    const mod = await makeUser(app, { roleId: 3, name: 'Moder Ator' });
    const plain = await makeUser(app, { name: 'Zed Plain', email: 'zed@example.com' });
    const ids = async (qs: string) =>
      (await app.call('GET', `${A}/users/page?${qs}`, { token: admin })).body.data.list.map((x: { user_id: string }) => Number(x.user_id));
    expect(await ids('status=inactive')).toEqual([inactive.id]);
    expect(await ids('status=suspended')).toEqual([suspended.id]);
    expect(await ids('status=deleted')).toEqual([deleted.id]);
    expect(await ids('status=normal')).toEqual([plain.id, mod.id, 1]);
    expect(await ids('status=')).toEqual([plain.id, mod.id, 1]);
    expect(await ids('staff=true')).toEqual([mod.id, 1]);
    expect(await ids('query=zed%40example.com')).toEqual([plain.id]);
    expect(await ids('query=ZED')).toEqual([plain.id]);
    expect(await ids('query=ator')).toEqual([mod.id]);
    expect(await ids(`query=user:${mod.id}`)).toEqual([mod.id]);
    expect(await ids('query=user:zed')).toEqual([plain.id]);
    expect(await ids('query=inactive%40example.com&status=inactive')).toEqual([inactive.id]);
    expect(await ids('query=nobody%40example.com')).toEqual([]);
    const paged = await app.call('GET', `${A}/users/page?page=2&page_size=1`, { token: admin });
    expect(paged.body.data).toMatchObject({ count: 3, list: [{ user_id: String(mod.id), role_name: 'Moderator' }] });
  });

  it('refuses an unknown status and an over-long query', async () => {
    const bad = await app.call('GET', `${A}/users/page?status=banned`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ error_field: 'status', error_msg: 'Status must be one of: normal, suspended, deleted, inactive.' }]);
    const long = await app.call('GET', `${A}/users/page?query=${'x'.repeat(101)}`, { token: admin });
    expect(long.body.data).toEqual([{ error_field: 'query', error_msg: 'Search up to 100 characters.' }]);
  });
});

describe('PUT user/status', () => {
  it('suspends: the existing token answers 403 suspended, login is refused, the list shows when', async () => {
    const u = await makeUser(app, { email: 'sus@example.com' });
    const r = await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'suspended' } });
    expect(r.status).toBe(200);
    // as the reference: the token is kept and refused with the suspended page's answer (not 401, which shows the login page)
    expect(await tokenWorks(u.token)).toBe(403);
    const refusedToken = await app.call('GET', `${V1}/user/notification/config`, { token: u.token });
    expect(refusedToken.body).toMatchObject({ code: 403, reason: 'error.user.suspended', data: { type: 'suspended' } });
    expect((await app.call('GET', `${V1}/user/info`, { token: u.token })).body.data).toMatchObject({ status: 'suspended' });
    expect(
      (
        await app.call('POST', `${V1}/question`, {
          token: u.token,
          body: { title: 'Suspended users cannot ask', content: 'Some body text here.', tags: [{ slug_name: 'x' }] },
        })
      ).status,
    ).toBe(403);
    const refused = await tryLogin(app, 'sus@example.com');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ reason: 'error.user.suspended', data: { type: 'suspended' } });
    const listed = (await app.call('GET', `${A}/users/page?status=suspended`, { token: admin })).body.data.list[0];
    expect(listed).toMatchObject({ user_id: String(u.id), status: 'suspended', suspended_at: now(), suspended_until: 0 });
    // lifted again
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'normal' } });
    expect((await tryLogin(app, 'sus@example.com')).status).toBe(200);
  });

  it('suspends for a while; an expired suspension is lifted', async () => {
    const u = await makeUser(app, { email: 'week@example.com' });
    await app.call('PUT', `${A}/user/status`, {
      token: admin,
      body: { user_id: String(u.id), status: 'suspended', suspend_duration: '7d' },
    });
    expect((await userRow(u.id)).suspended_until).toBe(now() + 7 * 24 * 3600);
    clock.t += 6 * 24 * 3600;
    expect((await tryLogin(app, 'week@example.com')).status).toBe(403);
    clock.t += 24 * 3600;
    admin = await adminToken(app);
    const list = await app.call('GET', `${A}/users/page`, { token: admin });
    expect(list.body.data.list.map((x: { user_id: string }) => x.user_id)).toContain(String(u.id));
    expect((await userRow(u.id)).status).toBe(1);
  });

  it('computes suspension ends by calendar for months and years', () => {
    const t = Date.UTC(2025, 0, 31, 12) / 1000;
    expect(suspendedUntil('24h', t)).toBe(t + 86400);
    expect(suspendedUntil('forever', t)).toBeNull();
    expect(suspendedUntil(undefined, t)).toBeNull();
    expect(suspendedUntil('1y', t)).toBe(Date.UTC(2026, 0, 31, 12) / 1000);
    expect(suspendedUntil('3m', t)).toBe(Date.UTC(2025, 4, 1, 12) / 1000);
  });

  it('deletes with remove_all_content: posts hidden, counts follow, email freed, sessions gone', async () => {
    const u = await makeUser(app, { email: 'gone@example.com' });
    const other = await makeUser(app);
    const p = await postsBy(u.id, other.id);
    const r = await app.call('PUT', `${A}/user/status`, {
      token: admin,
      body: { user_id: String(u.id), status: 'deleted', remove_all_content: true },
    });
    expect(r.status).toBe(200);
    const row = await userRow(u.id);
    expect(row).toMatchObject({ status: 10, deleted_at: now(), e_mail: `gone@example.com.${now()}`, question_count: 0, answer_count: 0 });
    expect(await tokenWorks(u.token)).toBe(401);
    expect((await db().selectFrom('question').select('status').where('id', '=', p.ownQ).executeTakeFirstOrThrow()).status).toBe(10);
    expect((await db().selectFrom('question').select('status').where('id', '=', p.otherQ).executeTakeFirstOrThrow()).status).toBe(1);
    expect(await db().selectFrom('answer').select(['status', 'adopted']).where('id', '=', p.answer).executeTakeFirstOrThrow()).toEqual({
      status: 10,
      adopted: 1,
    });
    expect((await db().selectFrom('comment').select('status').where('id', '=', p.comment).executeTakeFirstOrThrow()).status).toBe(10);
    expect(
      await db().selectFrom('question').select(['answer_count', 'accepted_answer_id']).where('id', '=', p.otherQ).executeTakeFirstOrThrow(),
    ).toEqual({ answer_count: 0, accepted_answer_id: '0' });
    expect(
      (await db().selectFrom('answer').select('comment_count').where('id', '=', p.answer).executeTakeFirstOrThrow()).comment_count,
    ).toBe(0);
    expect((await db().selectFrom('tag').select('question_count').where('id', '=', p.tagId).executeTakeFirstOrThrow()).question_count).toBe(
      0,
    );
    // the public lists no longer show them
    const page = await app.call('GET', `${V1}/question/page?page=1&page_size=50`);
    expect(page.body.data.list.map((q: { id: string }) => q.id)).not.toContain(p.ownQ);
    expect((await app.call('GET', `${V1}/answer/page?question_id=${p.otherQ}`)).body.data.count).toBe(0);
    // the email can be used again, and the deleted account cannot log in
    expect(
      (
        await app.call('POST', `${A}/user`, {
          token: admin,
          body: { display_name: 'Fresh Start', email: 'gone@example.com', password: 'password-123' },
        })
      ).status,
    ).toBe(200);
    expect((await app.call('GET', `${A}/users/page?status=deleted`, { token: admin })).body.data.list[0]).toMatchObject({
      user_id: String(u.id),
      status: 'deleted',
      deleted_at: now(),
    });
  });

  it('deletes without remove_all_content: the posts stay', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app);
    const p = await postsBy(u.id, other.id);
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'deleted' } });
    expect((await db().selectFrom('question').select('status').where('id', '=', p.ownQ).executeTakeFirstOrThrow()).status).toBe(1);
    expect((await db().selectFrom('answer').select('status').where('id', '=', p.answer).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('suspends with remove_all_content too', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app);
    const p = await postsBy(u.id, other.id);
    await app.call('PUT', `${A}/user/status`, {
      token: admin,
      body: { user_id: String(u.id), status: 'suspended', remove_all_content: true },
    });
    expect((await db().selectFrom('question').select('status').where('id', '=', p.ownQ).executeTakeFirstOrThrow()).status).toBe(10);
    expect((await userRow(u.id)).status).toBe(9);
  });

  it('marks inactive (the session stays but active endpoints answer 403) and back to normal grants the activation point once', async () => {
    const u = await makeUser(app, { rank: 0 });
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'inactive' } });
    expect((await userRow(u.id)).mail_status).toBe(2);
    const r = await app.call('GET', `${V1}/user/notification/config`, { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body.data).toEqual({ type: 'inactive' });
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'normal' } });
    expect(await userRow(u.id)).toMatchObject({ mail_status: 1, status: 1, rank: 1 });
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'normal' } });
    expect((await userRow(u.id)).rank).toBe(1);
  });

  it('leaves a deleted account deleted (success and no change, as the reference)', async () => {
    const u = await makeUser(app, { status: 10 });
    const r = await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(u.id), status: 'normal' } });
    expect(r.status).toBe(200);
    expect((await userRow(u.id)).status).toBe(10);
  });

  it('refuses changing oneself, unknown users and bad input', async () => {
    const self = await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: '1', status: 'suspended' } });
    expect(self.body).toMatchObject({ code: 400, reason: 'error.admin.cannot_modify_self_status', msg: 'You cannot modify your status.' });
    expect((await userRow(1)).status).toBe(1);
    for (const id of ['999', 'abc', '0']) {
      const r = await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: id, status: 'normal' } });
      expect(r.body).toMatchObject({ code: 400, reason: 'error.user.not_found' });
    }
    const u = await makeUser(app);
    const cases: [unknown, string, string][] = [
      [{ status: 'normal' }, 'user_id', 'User cannot be empty.'],
      [{ user_id: String(u.id) }, 'status', 'Status cannot be empty.'],
      [{ user_id: String(u.id), status: 'banned' }, 'status', 'Status must be one of: normal, suspended, deleted, inactive.'],
      [
        { user_id: String(u.id), status: 'suspended', suspend_duration: '5d' },
        'suspend_duration',
        'Suspension must be one of: 24h, 48h, 72h, 7d, 14d, 1m, 2m, 3m, 6m, 1y, forever.',
      ],
      [{ user_id: String(u.id), status: 'deleted', remove_all_content: 'yes' }, 'remove_all_content', 'Remove all content is not valid.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await app.call('PUT', `${A}/user/status`, { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
    }
    expect((await userRow(u.id)).status).toBe(1);
  });
});

describe('PUT user/role', () => {
  it('changes the role and ends the sessions, so the new role applies at once', async () => {
    const u = await makeUser(app);
    expect((await app.call('PUT', `${A}/user/role`, { token: admin, body: { user_id: String(u.id), role_id: 2 } })).status).toBe(200);
    expect(await tokenWorks(u.token)).toBe(401);
    expect(await userRow(u.id)).toMatchObject({ is_admin: 1 });
    const fresh = (await app.lantern.ctx.sessions.issue(u.id)).accessToken;
    expect((await app.call('GET', `${A}/dashboard`, { token: fresh })).status).toBe(200);
    await app.call('PUT', `${A}/user/role`, { token: admin, body: { user_id: String(u.id), role_id: 3 } });
    const listed = (await app.call('GET', `${A}/users/page?query=user:${u.id}`, { token: admin })).body.data.list[0];
    expect(listed).toMatchObject({ role_id: 3, role_name: 'Moderator' });
    const again = (await app.lantern.ctx.sessions.issue(u.id)).accessToken;
    expect((await app.call('GET', `${A}/dashboard`, { token: again })).status).toBe(403);
  });

  it('refuses one’s own role, unknown users and roles', async () => {
    const self = await app.call('PUT', `${A}/user/role`, { token: admin, body: { user_id: '1', role_id: 1 } });
    expect(self.body).toMatchObject({ code: 400, reason: 'error.user.cannot_update_your_role' });
    expect((await app.call('PUT', `${A}/user/role`, { token: admin, body: { user_id: '4242', role_id: 1 } })).body.reason).toBe(
      'error.user.not_found',
    );
    const u = await makeUser(app);
    for (const [role, message] of [
      [7, 'Role must be one of: 1, 2, 3.'],
      ['2', 'Role is not valid.'],
      [1.5, 'Role is not valid.'],
      [undefined, 'Role cannot be empty.'],
    ] as const) {
      const r = await app.call('PUT', `${A}/user/role`, { token: admin, body: { user_id: String(u.id), role_id: role } });
      expect(r.body.data).toEqual([{ error_field: 'role_id', error_msg: message }]);
    }
  });
});

describe('user activation', () => {
  it('an admin activates by hand someone who signed up and never got the mail; they then log in active', async () => {
    const reg = await app.call('POST', `${V1}/user/register/email`, {
      body: { name: 'Offline Newcomer', e_mail: 'newcomer@example.com', pass: 'password-123' },
    });
    expect(reg.body.data).toMatchObject({ status: 'inactive', mail_status: 2 });
    const before = await tryLogin(app, 'newcomer@example.com');
    expect(await tokenWorks(before.body.data.access_token)).toBe(403);
    const r = await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: reg.body.data.id, status: 'normal' } });
    expect(r.status).toBe(200);
    const after = await tryLogin(app, 'newcomer@example.com');
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ status: 'normal', mail_status: 1, rank: 1 });
    expect(await tokenWorks(after.body.data.access_token)).toBe(200);
  });

  it('hands out an activation link that verifies the account', async () => {
    const u = await makeUser(app, { mailStatus: 2, rank: 0 });
    const r = await app.call('GET', `${A}/user/activation?user_id=${u.id}`, { token: admin });
    expect(r.status).toBe(200);
    const url = new URL(r.body.data.activation_url);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1/users/account-activation');
    const verified = await app.call('POST', `${V1}/user/email/verification`, { body: { code: url.searchParams.get('code') } });
    expect(verified.body.data).toMatchObject({ id: String(u.id), mail_status: 1, rank: 1 });
  });

  it.each(['/user/activation', '/users/activation'])('mails an activation link (POST %s, the reference names both)', async (path) => {
    const smtp = await startSmtp();
    try {
      await useSmtp(app, smtp.port);
      const u = await makeUser(app, { mailStatus: 2, email: 'wake@example.com' });
      expect((await app.call('POST', `${A}${path}`, { token: admin, body: { user_id: String(u.id) } })).status).toBe(200);
      const code = linkIn((await smtp.waitFor('wake@example.com')).raw, '/users/account-activation?code=').searchParams.get('code');
      expect((await app.call('POST', `${V1}/user/email/verification`, { body: { code } })).status).toBe(200);
      expect((await userRow(u.id)).mail_status).toBe(1);
    } finally {
      await smtp.close();
    }
  });

  it('refuses unknown and deleted users and a missing id', async () => {
    const gone = await makeUser(app, { status: 10 });
    for (const id of ['31337', String(gone.id)]) {
      expect((await app.call('GET', `${A}/user/activation?user_id=${id}`, { token: admin })).body).toMatchObject({
        code: 400,
        reason: 'error.user.not_found',
      });
      expect((await app.call('POST', `${A}/user/activation`, { token: admin, body: { user_id: id } })).body.reason).toBe(
        'error.user.not_found',
      );
    }
    expect((await app.call('GET', `${A}/user/activation`, { token: admin })).body.data).toEqual([
      { error_field: 'user_id', error_msg: 'User cannot be empty.' },
    ]);
    expect((await app.call('POST', `${A}/user/activation`, { token: admin, body: {} })).body.data).toEqual([
      { error_field: 'user_id', error_msg: 'User cannot be empty.' },
    ]);
  });
});

describe('POST user', () => {
  it('adds a verified account with one reputation point that can log in', async () => {
    const r = await app.call('POST', `${A}/user`, {
      token: admin,
      body: { display_name: 'Added Person', email: 'Added@Example.com', password: 'password-123' },
    });
    expect(r.body).toMatchObject({ code: 200, data: null });
    const row = await db().selectFrom('user').selectAll().where('e_mail', '=', 'added@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ username: 'added-person', display_name: 'Added Person', mail_status: 1, status: 1, rank: 1 });
    expect((await tryLogin(app, 'added@example.com')).body.data).toMatchObject({ username: 'added-person', role_id: 1 });
  });

  it('refuses a taken email, an unusable name and bad fields', async () => {
    const dup = await app.call('POST', `${A}/user`, {
      token: admin,
      body: { display_name: 'Copy Cat', email: 'admin@example.com', password: 'password-123' },
    });
    expect(dup.body).toMatchObject({
      code: 400,
      reason: 'error.email.duplicate',
      data: [{ error_field: 'email', error_msg: 'Email already exists.' }],
    });
    const name = await app.call('POST', `${A}/user`, {
      token: admin,
      body: { display_name: '!!!', email: 'bang@example.com', password: 'password-123' },
    });
    expect(name.body.data).toEqual([{ error_field: 'display_name', error_msg: 'Username is invalid.' }]);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { display_name: 'A', email: 'a@example.com', password: 'password-123' },
        'display_name',
        'Display name must be at 2-30 characters in length.',
      ],
      [
        { display_name: 'x'.repeat(31), email: 'a@example.com', password: 'password-123' },
        'display_name',
        'Display name must be at 2-30 characters in length.',
      ],
      [{ display_name: 'Fine Name', email: 'not-an-email', password: 'password-123' }, 'email', 'Invalid Email Address.'],
      [
        { display_name: 'Fine Name', email: 'a@example.com', password: 'short' },
        'password',
        'Password must be at 8-32 characters in length.',
      ],
      [{ display_name: 'Fine Name', email: 'a@example.com', password: 'has space 123' }, 'password', 'Password cannot contain spaces.'],
      [{ email: 'a@example.com', password: 'password-123' }, 'display_name', 'Display name cannot be empty.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await app.call('POST', `${A}/user`, { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
    }
    expect(await db().selectFrom('user').select('id').where('e_mail', '=', 'a@example.com').executeTakeFirst()).toBeUndefined();
  });
});

describe('POST users (bulk add)', () => {
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom('user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('adds every line', async () => {
    const r = await app.call('POST', `${A}/users`, {
      token: admin,
      body: { users: '  Bulk One, bulk1@example.com, password-111\r\nBulk Two,bulk2@example.com,password-222\n' },
    });
    expect(r.body).toMatchObject({ code: 200, data: null });
    expect((await tryLogin(app, 'bulk1@example.com', 'password-111')).status).toBe(200);
    expect((await tryLogin(app, 'bulk2@example.com', 'password-222')).body.data).toMatchObject({
      display_name: 'Bulk Two',
      username: 'bulk-two',
      rank: 1,
      mail_status: 1,
    });
  });

  it('adds nothing when one line is bad, and names the line', async () => {
    const before = await count();
    const cases: [string, string][] = [
      ['Good One, good1@example.com, password-111\njust two, fields', "Error format near 'just two, fields' at line 2."],
      [
        'Good One, good1@example.com, password-111\nShorty, s@example.com, short',
        "Error password format near 'Shorty, s@example.com, short' at line 2. Password must be at 8-32 characters in length.",
      ],
      [
        'Good One, good1@example.com, password-111\nBad Mail, nope, password-222',
        "Error email format near 'Bad Mail, nope, password-222' at line 2. Invalid Email Address.",
      ],
      [
        'Good One, same@example.com, password-111\nGood Two, SAME@example.com, password-222',
        "Error email format near 'SAME@example.com' at line 2. Email already exists.",
      ],
      [
        'Same Name, a1@example.com, password-111\nSame Name, a2@example.com, password-222',
        "Error name format near 'Same Name' at line 2. Username is already in use.",
      ],
      [
        'Good One, good1@example.com, password-111\n***, star@example.com, password-222',
        "Error name format near '***' at line 2. Username is invalid.",
      ],
      [
        'Good One, good1@example.com, password-111\nTaken, admin@example.com, password-222',
        "Error email format near 'admin@example.com' at line 2. Email already exists.",
      ],
    ];
    for (const [users, message] of cases) {
      const r = await app.call('POST', `${A}/users`, { token: admin, body: { users } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        reason: 'base.request_format_error',
        msg: message,
        data: [{ error_field: 'users', error_msg: message }],
      });
    }
    expect(await count()).toBe(before);
  });

  it('refuses an empty text and more than 5000 lines', async () => {
    expect((await app.call('POST', `${A}/users`, { token: admin, body: { users: '  ' } })).body.data).toEqual([
      { error_field: 'users', error_msg: 'Users cannot be empty.' },
    ]);
    const many = Array.from({ length: 5001 }, (_, i) => `Person ${i}, p${i}@example.com, password-123`).join('\n');
    const r = await app.call('POST', `${A}/users`, { token: admin, body: { users: many } });
    expect(r.body.data).toEqual([
      { error_field: 'users', error_msg: 'The number of users you add at once should be in the range of 1-5000.' },
    ]);
  });

  it('parses lines the way the reference does', () => {
    expect(parseBulkUsers('a b, x@example.com , pass-word-1', 'en_US')).toEqual([
      { display_name: 'a b', email: 'x@example.com', password: 'pass-word-1' },
    ]);
  });
});

describe('PUT user/password', () => {
  it('sets a new password and logs the user out everywhere', async () => {
    const u = await makeUser(app, { email: 'pw@example.com' });
    expect(
      (await app.call('PUT', `${A}/user/password`, { token: admin, body: { user_id: String(u.id), password: 'brand-new-pass' } })).status,
    ).toBe(200);
    expect(await tokenWorks(u.token)).toBe(401);
    expect((await tryLogin(app, 'pw@example.com')).status).toBe(400);
    expect((await tryLogin(app, 'pw@example.com', 'brand-new-pass')).status).toBe(200);
  });

  it('refuses one’s own password, unknown users and bad passwords', async () => {
    expect(
      (await app.call('PUT', `${A}/user/password`, { token: admin, body: { user_id: '1', password: 'brand-new-pass' } })).body,
    ).toMatchObject({ code: 400, reason: 'error.admin.cannot_update_their_password' });
    expect(
      (await app.call('PUT', `${A}/user/password`, { token: admin, body: { user_id: '777', password: 'brand-new-pass' } })).body.reason,
    ).toBe('error.user.not_found');
    const u = await makeUser(app);
    for (const [password, message] of [
      ['short', 'Password must be at 8-32 characters in length.'],
      ['x'.repeat(33), 'Password must be at 8-32 characters in length.'],
      ['with spaces in', 'Password cannot contain spaces.'],
      [12345678, 'Password is not valid.'],
    ] as const) {
      const r = await app.call('PUT', `${A}/user/password`, { token: admin, body: { user_id: String(u.id), password } });
      expect(r.body.data).toEqual([{ error_field: 'password', error_msg: message }]);
    }
    expect(await tokenWorks(u.token)).toBe(200);
  });
});

describe('PUT user/profile', () => {
  it('edits display name, username and email; the email counts as verified', async () => {
    const u = await makeUser(app, { mailStatus: 2 });
    const r = await app.call('PUT', `${A}/user/profile`, {
      token: admin,
      body: { user_id: String(u.id), display_name: 'Renamed Person', username: 'renamed.person', email: 'Renamed@Example.com' },
    });
    expect(r.status).toBe(200);
    expect(await userRow(u.id)).toMatchObject({
      display_name: 'Renamed Person',
      username: 'renamed.person',
      e_mail: 'renamed@example.com',
      mail_status: 1,
    });
  });

  it('refuses taken and invalid usernames, taken emails, oneself and unknown users', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app, { email: 'other@example.com', name: 'Other One' });
    const body = (patch: Record<string, unknown>) => ({
      user_id: String(u.id),
      display_name: 'Valid Name',
      username: 'valid-name',
      email: 'valid@example.com',
      ...patch,
    });
    const taken = await app.call('PUT', `${A}/user/profile`, { token: admin, body: body({ username: 'other-one' }) });
    expect(taken.body).toMatchObject({
      reason: 'error.user.username_duplicate',
      data: [{ error_field: 'username', error_msg: 'Username is already in use.' }],
    });
    for (const username of ['Upper', 'admin', 'sp ace']) {
      const r = await app.call('PUT', `${A}/user/profile`, { token: admin, body: body({ username }) });
      expect(r.body).toMatchObject({
        reason: 'error.user.username_invalid',
        data: [{ error_field: 'username', error_msg: 'Username is invalid.' }],
      });
    }
    const mail = await app.call('PUT', `${A}/user/profile`, { token: admin, body: body({ email: 'other@example.com' }) });
    expect(mail.body).toMatchObject({
      reason: 'error.email.duplicate',
      data: [{ error_field: 'email', error_msg: 'Email already exists.' }],
    });
    expect((await app.call('PUT', `${A}/user/profile`, { token: admin, body: body({ user_id: '1' }) })).body.reason).toBe(
      'error.admin.cannot_edit_their_profile',
    );
    expect((await app.call('PUT', `${A}/user/profile`, { token: admin, body: body({ user_id: '9999' }) })).body.reason).toBe(
      'error.user.not_found',
    );
    for (const [patch, field, message] of [
      [{ display_name: 'Al' }, 'display_name', 'Display name must be at 3-30 characters in length.'],
      [{ username: 'ab' }, 'username', 'Username must be at 3-30 characters in length.'],
      [{ username: undefined }, 'username', 'Username cannot be empty.'],
      [{ email: 'bad@' }, 'email', 'Invalid Email Address.'],
    ] as const) {
      const r = await app.call('PUT', `${A}/user/profile`, { token: admin, body: body(patch) });
      expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
    }
    expect((await userRow(other.id)).username).toBe('other-one');
  });

  it('keeps a reserved username the user already has', async () => {
    const u = await makeUser(app);
    await db().updateTable('user').set({ username: 'support' }).where('id', '=', u.id).execute();
    const r = await app.call('PUT', `${A}/user/profile`, {
      token: admin,
      body: { user_id: String(u.id), display_name: 'Support Desk', username: 'support', email: 'desk@example.com' },
    });
    expect(r.status).toBe(200);
  });
});

describe('DELETE delete/permanently', () => {
  it('purges deleted answers with their comments, keeping the rest', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app);
    const p = await postsBy(u.id, other.id);
    await db().updateTable('answer').set({ status: 10 }).where('id', '=', p.answer).execute();
    const r = await app.call('DELETE', `${A}/delete/permanently`, { token: admin, body: { type: 'answers' } });
    expect(r.status).toBe(200);
    expect(await db().selectFrom('answer').select('id').where('id', '=', p.answer).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('comment').select('id').where('id', '=', p.comment).executeTakeFirst()).toBeUndefined();
    expect(
      (await db().selectFrom('question').select('last_answer_id').where('id', '=', p.otherQ).executeTakeFirstOrThrow()).last_answer_id,
    ).toBe('0');
    expect(await db().selectFrom('question').select('id').where('id', 'in', [p.ownQ, p.otherQ]).execute()).toHaveLength(2);
  });

  it('purges deleted questions with their answers and tag rows', async () => {
    const u = await makeUser(app);
    const other = await makeUser(app);
    const p = await postsBy(u.id, other.id);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', p.otherQ).execute();
    await app.call('DELETE', `${A}/delete/permanently`, { token: admin, body: { type: 'questions' } });
    expect(await db().selectFrom('question').select('id').where('id', '=', p.otherQ).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('answer').select('id').where('id', '=', p.answer).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('question').select('id').where('id', '=', p.ownQ).executeTakeFirst()).toBeDefined();
    expect((await userRow(u.id)).answer_count).toBe(0);
    await db().updateTable('question').set({ status: 10 }).where('id', '=', p.ownQ).execute();
    await app.call('DELETE', `${A}/delete/permanently`, { token: admin, body: { type: 'questions' } });
    expect(await db().selectFrom('tag_rel').select('id').where('object_id', '=', p.ownQ).executeTakeFirst()).toBeUndefined();
  });

  it('purges deleted accounts; one that posts still point at keeps an empty row', async () => {
    const bare = await makeUser(app, { status: 10 });
    const author = await makeUser(app, { email: 'author@example.com' });
    const other = await makeUser(app);
    await postsBy(author.id, other.id);
    await app.call('PUT', `${A}/user/status`, { token: admin, body: { user_id: String(author.id), status: 'deleted' } });
    await app.call('DELETE', `${A}/delete/permanently`, { token: admin, body: { type: 'users' } });
    expect(await db().selectFrom('user').select('id').where('id', '=', bare.id).executeTakeFirst()).toBeUndefined();
    expect(await userRow(author.id)).toMatchObject({ status: 10, e_mail: `deleted-${author.id}@invalid`, pass: '', bio: '' });
    expect((await userRow(other.id)).status).toBe(1);
  });

  it('refuses an unknown type', async () => {
    const r = await app.call('DELETE', `${A}/delete/permanently`, { token: admin, body: { type: 'tags' } });
    expect(r.body.data).toEqual([{ error_field: 'type', error_msg: 'Type must be one of: users, questions, answers.' }]);
  });
});

describe("removing a user's content, as a served instance reuses lists and searches", () => {
  let live: TestApp;
  beforeEach(async () => {
    live = await startTestApp({ config: { listPageTtlMs: 60_000, searchTtlMs: 60_000, listCountTtlMs: 60_000 } });
    await captchaOff(live);
  });
  afterEach(async () => live.stop());

  it('takes the posts out of reused list pages, search results and counts at once', async () => {
    const boss = await adminToken(live);
    const spammer = await makeUser(live, { name: 'Spam Sender', rank: 1000 });
    const asker = await makeUser(live, { name: 'Honest Asker', rank: 1000 });
    const post = async (path: string, token: string, body: unknown) => {
      const r = await live.call('POST', `${V1}${path}`, { token, body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      await live.lantern.ctx.events.settle();
      const data = r.body.data as { id?: string; info?: { id: string } };
      return { id: data.info?.id ?? data.id ?? '' };
    };
    const honest = await post('/question', asker.token, {
      title: 'How do marmalade jars seal?',
      content: 'Asking about marmalade jars and their lids.',
      tags: [{ slug_name: 'kitchen' }],
    });
    const spamQ = await post('/question', spammer.token, {
      title: 'Cheap marmalade pills online',
      content: 'Buy marmalade pills now, best prices anywhere.',
      tags: [{ slug_name: 'kitchen' }],
    });
    const spamA = await post('/answer', spammer.token, {
      question_id: honest.id,
      content: 'Buy marmalade pills instead, they seal everything.',
    });
    await post('/comment', asker.token, { object_id: spamA.id, original_text: 'This answer looks like spam.' });
    const listed = async () =>
      (await live.call('GET', `${V1}/question/page?order=newest&page=1&page_size=20`)).body.data as {
        count: number;
        list: { id: string; answer_count: number }[];
      };
    const found = async () =>
      ((await live.call('GET', `${V1}/search?q=marmalade`)).body.data as { count: number; list: { object: { id: string } }[] }).list.map(
        (r) => r.object.id,
      );
    // the shared answers are computed and kept
    expect((await listed()).list.map((q) => q.id)).toEqual([spamQ.id, honest.id]);
    expect((await listed()).list.find((q) => q.id === honest.id)?.answer_count).toBe(1);
    expect((await found()).sort()).toEqual([honest.id, spamQ.id, spamA.id].sort());

    const r = await live.call('PUT', `${A}/user/status`, {
      token: boss,
      body: { user_id: String(spammer.id), status: 'suspended', remove_all_content: true },
    });
    expect(r.status).toBe(200);
    await live.lantern.ctx.events.settle();

    const after = await listed();
    expect(after.list.map((q) => q.id)).toEqual([honest.id]);
    expect(after.count).toBe(1);
    expect(after.list[0].answer_count).toBe(0);
    expect(await found()).toEqual([honest.id]);
    // the removal is on each post's timeline, as when a moderator deletes one post
    const timeline = await live.call('GET', `${V1}/activity/timeline?object_id=${spamQ.id}`, { token: boss });
    expect(timeline.body.data.timeline.map((t: { activity_type: string }) => t.activity_type)).toContain('deleted');
  });
});
