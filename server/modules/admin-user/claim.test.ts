import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser, useSmtp } from '../../../tests/support/accounts.js';
import { linkIn, startSmtp } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { writeTinyDump } from '../../../tests/support/tiny-dump.js';
import { importStackExchange } from '../import/stackexchange.js';

// Issue 15: an admin hands a person a one-time link to take over an imported account; on it the
// person sets an e-mail and a password and is logged in as the account, reputation and posts kept.

const A = '/answer/admin/api';
const V1 = '/answer/api/v1';
const SITE = 'coffee.stackexchange.com';
/** A clock the tests move by hand. */
const clock = {
  t: 1_800_000_000,
  now() {
    return this.t;
  },
};
let app: TestApp;
let admin: string;
let dir: string;
/** Imported accounts by Stack Exchange id: their local id. */
const ids = new Map<number, string>();

beforeAll(async () => {
  app = await startTestApp({ deps: { clock } });
  await captchaOff(app);
  admin = await adminToken(app);
  dir = writeTinyDump([
    { id: 11, name: 'Espresso Eve', reputation: 2500 },
    { id: 12, name: 'Latte Leo', reputation: 40 },
    { id: 13, name: 'Mocha Mia', reputation: 77 },
    { id: 14, name: 'Cortado Cy', reputation: 15 },
  ]);
  await importStackExchange(app.lantern.ctx.db, dir, { site: SITE });
  for (const r of await app.lantern.ctx.db
    .selectFrom('meta')
    .select(['object_id', 'value'])
    .where('key', '=', 'stackexchange.source')
    .where('value', 'like', `${SITE}/u/%`)
    .execute()) {
    ids.set(Number(r.value.split('/').pop()), r.object_id);
  }
});
afterAll(async () => {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  clock.t = 1_800_000_000;
});

const link = (userId: string, body: Record<string, unknown> = {}) =>
  app.call('POST', `${A}/user/claim`, { token: admin, body: { user_id: userId, ...body } });
const codeOf = (url: string) => new URL(url).searchParams.get('code')!;
const claim = (code: string, e_mail: string, pass = 'a-new-password') =>
  app.call('POST', `${V1}/user/claim`, { body: { code, e_mail, pass } });
const usersPage = async (query: string) =>
  (await app.call('GET', `${A}/users/page?query=${encodeURIComponent(query)}`, { token: admin })).body.data.list;

describe('claiming an imported account', () => {
  it('marks imported accounts in the admin list, claimable until claimed; accounts made here are neither', async () => {
    const eve = (await usersPage(`user:${ids.get(11)}`))[0];
    expect(eve).toMatchObject({ display_name: 'Espresso Eve', rank: 2500, imported: true, claimable: true });
    const adminRow = (await usersPage('user:1'))[0];
    expect(adminRow).toMatchObject({ imported: false, claimable: false });
  });

  it('gives a one-time link; on it the person sets e-mail and password and is logged in as the account with its reputation and posts', async () => {
    const r = await link(ids.get(11)!);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ mailed: false, expires_at: clock.t + 7 * 86400 });
    const url = new URL(r.body.data.claim_url);
    expect(`${url.origin}${url.pathname}`).toBe('http://127.0.0.1/users/claim');
    const code = codeOf(r.body.data.claim_url);
    // the page first asks what the link is for: it is not used up by that
    const info = await app.call('GET', `${V1}/user/claim?code=${code}`);
    expect(info.body.data).toMatchObject({ display_name: 'Espresso Eve', rank: 2500, question_count: 1, site: SITE });
    expect((await app.call('GET', `${V1}/user/claim?code=${code}`)).status).toBe(200);
    const done = await claim(code, 'Eve@Example.com');
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      id: ids.get(11),
      display_name: 'Espresso Eve',
      rank: 2500,
      e_mail: 'eve@example.com',
      mail_status: 1,
      status: 'normal',
    });
    expect(done.headers.get('set-cookie')).toMatch(/visit=/);
    // the session works where an active login is needed, and the account logs in with the new password
    expect((await app.call('GET', `${V1}/user/notification/config`, { token: done.body.data.access_token })).status).toBe(200);
    const login = await app.call('POST', `${V1}/user/login/email`, { body: { e_mail: 'eve@example.com', pass: 'a-new-password' } });
    expect(login.body.data).toMatchObject({ id: ids.get(11), rank: 2500 });
    // the posts and reputation tab are the account's
    const username = done.body.data.username as string;
    expect((await app.call('GET', `${V1}/personal/question/page?username=${username}`)).body.data.count).toBe(1);
    expect((await app.call('GET', `${V1}/personal/rank/page?username=${username}`)).body.data.list[0]).toMatchObject({
      reputation: 2500,
      rank_type: 'imported',
    });
    // the link worked once
    expect((await claim(code, 'someone.else@example.com')).body).toMatchObject({
      code: 403,
      reason: 'error.claim.link_expired',
      data: { type: 'url_expired' },
    });
    expect((await app.call('GET', `${V1}/user/claim?code=${code}`)).status).toBe(403);
    // claimed: no longer offered, and no new link
    expect((await usersPage(`user:${ids.get(11)}`))[0]).toMatchObject({ imported: true, claimable: false });
    expect((await link(ids.get(11)!)).body).toMatchObject({ code: 400, reason: 'error.claim.not_imported' });
  });

  it('refuses an expired link and one replaced by a newer link', async () => {
    const first = codeOf((await link(ids.get(12)!)).body.data.claim_url);
    const second = codeOf((await link(ids.get(12)!)).body.data.claim_url);
    expect((await claim(first, 'leo@example.com')).status).toBe(403);
    clock.t += 7 * 86400 + 1;
    expect((await app.call('GET', `${V1}/user/claim?code=${second}`)).body.reason).toBe('error.claim.link_expired');
    expect((await claim(second, 'leo@example.com')).status).toBe(403);
    clock.t = 1_800_000_000;
    expect((await usersPage(`user:${ids.get(12)}`))[0].claimable).toBe(true);
  });

  it('holds the registration rules: a valid, free e-mail and an 8-32 character password without spaces; the link survives a refusal', async () => {
    const code = codeOf((await link(ids.get(13)!)).body.data.claim_url);
    await makeUser(app, { email: 'taken@example.com' });
    expect((await claim(code, 'taken@example.com')).body).toMatchObject({
      code: 400,
      data: [{ error_field: 'e_mail', error_msg: 'Email already exists.' }],
    });
    expect((await claim(code, 'not-an-email')).body.data).toEqual([{ error_field: 'e_mail', error_msg: 'Invalid Email Address.' }]);
    expect((await claim(code, 'mia@example.com', 'short')).body.data).toEqual([
      { error_field: 'pass', error_msg: 'Password must be at 8-32 characters in length.' },
    ]);
    expect((await claim(code, 'mia@example.com', 'has a space')).body.data).toEqual([
      { error_field: 'pass', error_msg: 'Password cannot contain spaces.' },
    ]);
    expect((await app.call('POST', `${V1}/user/claim`, { body: {} })).status).toBe(400);
    expect((await claim(code, 'mia@example.com')).status).toBe(200);
  });

  it('mails the link when the admin gives an address', async () => {
    const smtp = await startSmtp();
    try {
      await useSmtp(app, smtp.port);
      const r = await link(ids.get(14)!, { e_mail: 'cy@example.com' });
      expect(r.body.data.mailed).toBe(true);
      const mailed = linkIn((await smtp.waitFor('cy@example.com')).raw, '/users/claim?code=');
      expect(mailed.searchParams.get('code')).toBe(codeOf(r.body.data.claim_url));
      // the address is only where the link went: the account's stays until it is claimed
      expect((await usersPage(`user:${ids.get(14)}`))[0].e_mail).toMatch(/\.invalid$/);
    } finally {
      await smtp.close();
    }
  });

  it('refuses accounts made here, unknown ids, bad addresses and bad codes', async () => {
    const local = await makeUser(app);
    expect((await link(String(local.id))).body).toMatchObject({ code: 400, reason: 'error.claim.not_imported' });
    expect((await link('999999')).body.reason).toBe('error.user.not_found');
    expect((await link(ids.get(14)!, { e_mail: 'nope' })).body.data).toEqual([
      { error_field: 'e_mail', error_msg: 'Invalid Email Address.' },
    ]);
    expect((await app.call('GET', `${V1}/user/claim?code=nonsense`)).status).toBe(403);
    expect((await app.call('GET', `${V1}/user/claim`)).status).toBe(400);
  });

  it('is for admins only', async () => {
    const user = await makeUser(app);
    expect((await app.call('POST', `${A}/user/claim`, { token: user.token, body: { user_id: ids.get(14) } })).status).toBe(403);
    expect((await app.call('POST', `${A}/user/claim`, { body: { user_id: ids.get(14) } })).status).toBe(401);
  });
});
