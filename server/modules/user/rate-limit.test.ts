import { afterEach, describe, expect, it, vi } from 'vitest';
import { captchaOn, makeUser, solveCaptcha } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../infra/captcha/rate-limit.js';
import type { Clock } from '../../infra/clock.js';
import { createApp } from '../../app.js';
import { makeConfig } from '../../config.js';

const V1 = '/answer/api/v1';
const LOGIN = `${V1}/user/login/email`;
const REG = `${V1}/user/register/email`;
const RESET = `${V1}/user/password/reset`;

let app: TestApp;
afterEach(async () => app.stop());

const small = (over: Partial<RateLimitConfig>): RateLimitConfig => ({ ...DEFAULT_RATE_LIMITS, ...over });

async function start(limits: Partial<RateLimitConfig>, clock?: Clock, trustProxy: string[] = []) {
  app = await startTestApp({ config: { rateLimits: small(limits), trustProxy }, deps: clock ? { clock } : undefined });
}

function expectTooMany(r: { status: number; body: any; headers: Headers }) {
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ code: 429, reason: 'error.user.too_many_attempts', data: { err_type: 'toast' } });
  expect(r.body.msg).toMatch(/^Too many attempts, try again in \d+ s\.$/);
  expect(r.body.data.retry_after).toBeGreaterThan(0);
}

/** A login from `from` (told to the app through X-Forwarded-For; only a trusting app believes it). */
function login(email: string, pass: string, from?: string) {
  return app.call('POST', LOGIN, { body: { e_mail: email, pass }, headers: from ? { 'x-forwarded-for': from } : {} });
}

const ATTACKER = '198.51.100.7';
const OWNER = '192.0.2.10';

describe('login limits', () => {
  it('refuses an account from one address after its failures reach the limit, even with the right password, with a wait that doubles', async () => {
    const now = { t: 1_800_000_000 };
    await start({ loginPerAccountAddress: { max: 3, windowSeconds: 600 }, loginDelaySeconds: 60 }, { now: () => now.t });
    await makeUser(app, { email: 'lim@example.com', password: 'lim-pass-12' });
    for (let i = 0; i < 3; i++) expect((await login('lim@example.com', 'wrong-pass')).status).toBe(400);
    const blocked = await login('LIM@example.com', 'lim-pass-12');
    expectTooMany(blocked);
    expect(blocked.body.msg).toBe('Too many attempts, try again in 60 s.');
    expect(blocked.body.data.retry_after).toBe(60);
    // the refused tries were not checked and do not lengthen the wait
    now.t += 61;
    for (let i = 0; i < 3; i++) expect((await login('lim@example.com', 'wrong-pass')).status).toBe(400);
    expect((await login('lim@example.com', 'lim-pass-12')).body.data.retry_after).toBe(120);
    now.t += 121;
    for (let i = 0; i < 3; i++) expect((await login('lim@example.com', 'wrong-pass')).status).toBe(400);
    expect((await login('lim@example.com', 'lim-pass-12')).body.data.retry_after).toBe(240);
    now.t += 241;
    expect((await login('lim@example.com', 'lim-pass-12')).status).toBe(200);
  });

  it('counts only failures: a success clears them and repeated good logins never trip it', async () => {
    await start({ loginPerAccountAddress: { max: 3, windowSeconds: 600 } });
    await makeUser(app, { email: 'ok@example.com', password: 'ok-pass-123' });
    for (let i = 0; i < 2; i++) await login('ok@example.com', 'wrong-pass');
    expect((await login('ok@example.com', 'ok-pass-123')).status).toBe(200);
    for (let i = 0; i < 2; i++) await login('ok@example.com', 'wrong-pass');
    for (let i = 0; i < 6; i++) expect((await login('ok@example.com', 'ok-pass-123')).status).toBe(200);
  });

  it('checks no more passwords than the limit when 40 wrong ones arrive at once from one address', async () => {
    await start({});
    await makeUser(app, { email: 'par@example.com', password: 'par-pass-12' });
    const verify = vi.spyOn(app.lantern.ctx.passwords, 'verify');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login('par@example.com', `wrong-pass-${i}`)));
    const checked = answers.filter((r) => r.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerAccountAddress.max);
    expect(checked.every((r) => r.status === 400)).toBe(true);
    expect(verify.mock.calls.length).toBe(checked.length);
    answers.filter((r) => r.status === 429).forEach(expectTooMany);
  });

  it('lets the owner in from their own address after 50 failures from an attacker address', async () => {
    await start({}, undefined, ['loopback']);
    await makeUser(app, { email: 'owner@example.com', password: 'owner-pass-1' });
    const attack = await Promise.all(Array.from({ length: 50 }, (_, i) => login('owner@example.com', `guess-${i}`, ATTACKER)));
    expect(attack.filter((r) => r.status === 400).length).toBeLessThanOrEqual(DEFAULT_RATE_LIMITS.loginPerAccountAddress.max);
    expectTooMany(await login('owner@example.com', 'owner-pass-1', ATTACKER));
    expect((await login('owner@example.com', 'owner-pass-1', OWNER)).status).toBe(200);
  });

  it('never locks an account from everywhere: past its limit, addresses it has not logged in from wait, its own do not', async () => {
    const now = { t: 1_800_000_000 };
    const limits = {
      loginPerAccountAddress: { max: 2, windowSeconds: 600 },
      loginPerAccount: { max: 4, windowSeconds: 600 },
      loginDelaySeconds: 30,
    };
    await start(limits, { now: () => now.t }, ['loopback']);
    await makeUser(app, { email: 'many@example.com', password: 'many-pass-1' });
    expect((await login('many@example.com', 'many-pass-1', OWNER)).status).toBe(200);
    // two attacker addresses, two failures each: the account reaches its limit of four
    for (const a of ['203.0.113.1', '203.0.113.2'])
      for (let i = 0; i < 2; i++) expect((await login('many@example.com', 'wrong-pass', a)).status).toBe(400);
    const fresh = await login('many@example.com', 'many-pass-1', '203.0.113.99');
    expectTooMany(fresh);
    expect(fresh.body.data.retry_after).toBe(30);
    // the owner's address is known to the account: never refused for others' failures
    expect((await login('many@example.com', 'many-pass-1', OWNER)).status).toBe(200);
    now.t += 31;
    expect((await login('many@example.com', 'wrong-pass', '203.0.113.3')).status).toBe(400);
    // each failure past the limit doubles the wait
    expect((await login('many@example.com', 'many-pass-1', '203.0.113.99')).body.data.retry_after).toBe(60);
    expect((await login('many@example.com', 'many-pass-1', OWNER)).status).toBe(200);
    now.t += 61;
    expect((await login('many@example.com', 'many-pass-1', '203.0.113.99')).status).toBe(200);
  });

  it('asks addresses new to an account past its limit for the captcha instead, when the captcha is on', async () => {
    const limits = { loginPerAccountAddress: { max: 2, windowSeconds: 600 }, loginPerAccount: { max: 2, windowSeconds: 600 } };
    await start(limits, undefined, ['loopback']);
    await captchaOn(app);
    await makeUser(app, { email: 'cap@example.com', password: 'cap-pass-12' });
    for (let i = 0; i < 2; i++) expect((await login('cap@example.com', 'wrong-pass', ATTACKER)).status).toBe(400);
    const asked = await login('cap@example.com', 'cap-pass-12', OWNER);
    expect(asked.status).toBe(400);
    expect(asked.body.reason).toBe('error.object.captcha_verification_failed');
    // the client learns from action/record (asked by address) that it must draw the captcha
    const record = await app.call('GET', `${V1}/user/action/record?action=password`, { headers: { 'x-forwarded-for': OWNER } });
    expect(record.body.data.verify).toBe(true);
    const fields = { captcha_id: record.body.data.captcha_id, captcha_code: await solveCaptcha(app, record.body.data.captcha_id) };
    const r = await app.call('POST', LOGIN, {
      body: { e_mail: 'cap@example.com', pass: 'cap-pass-12', ...fields },
      headers: { 'x-forwarded-for': OWNER },
    });
    expect(r.status).toBe(200);
  });

  it('refuses an address that fails on many accounts; its successes do not count', async () => {
    await start({ loginPerAddress: { max: 4, windowSeconds: 900 } });
    await makeUser(app, { email: 'member@example.com', password: 'member-pass' });
    for (let i = 0; i < 6; i++) expect((await login('member@example.com', 'member-pass')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(`nobody${i}@example.com`, 'wrong-pass')).status).toBe(400);
    expectTooMany(await login('someone-else@example.com', 'wrong-pass'));
  });

  it('tells clients behind a trusted proxy apart by X-Forwarded-For, and ignores the header from anyone else', async () => {
    const limits = { loginPerAddress: { max: 2, windowSeconds: 900 } };
    await start(limits);
    for (let i = 0; i < 2; i++) await login(`n${i}@example.com`, 'wrong-pass', `203.0.113.${i}`);
    // not trusted: all three came from 127.0.0.1
    expectTooMany(await login('n9@example.com', 'wrong-pass', '203.0.113.9'));
    await app.stop();
    await start(limits, undefined, ['127.0.0.1']);
    for (let i = 0; i < 2; i++) await login(`n${i}@example.com`, 'wrong-pass', '203.0.113.1');
    expectTooMany(await login('n9@example.com', 'wrong-pass', '203.0.113.1'));
    expect((await login('n9@example.com', 'wrong-pass', '203.0.113.2')).status).toBe(400);
  });
});

describe('the address an attempt counts against', () => {
  it('counts an IPv6 address by its /64, so cycling through one block earns no new tries', async () => {
    await start({ loginPerAddress: { max: 2, windowSeconds: 900 } }, undefined, ['loopback']);
    for (const from of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::b'])
      expect((await login(`${from.length}@example.com`, 'wrong-pass', from)).status).toBe(400);
    expectTooMany(await login('n@example.com', 'wrong-pass', '2001:db8:1:2::c'));
    expect((await login('n@example.com', 'wrong-pass', '2001:db8:1:3::1')).status).toBe(400);
  });
});

describe('registration and mail limits', () => {
  it('limits registrations per address', async () => {
    await start({ registerPerAddress: { max: 2, windowSeconds: 3600 } });
    for (let i = 0; i < 2; i++)
      expect(
        (await app.call('POST', REG, { body: { name: `Member ${i}`, e_mail: `m${i}@example.com`, pass: 'password-123' } })).status,
      ).toBe(200);
    expectTooMany(await app.call('POST', REG, { body: { name: 'Member x', e_mail: 'mx@example.com', pass: 'password-123' } }));
  });

  it('limits registration attempts per email', async () => {
    await start({ registerPerAccount: { max: 2, windowSeconds: 3600 } });
    expect((await app.call('POST', REG, { body: { name: 'First', e_mail: 'same@example.com', pass: 'password-123' } })).status).toBe(200);
    expect((await app.call('POST', REG, { body: { name: 'Second', e_mail: 'same@example.com', pass: 'password-123' } })).body.reason).toBe(
      'error.email.duplicate',
    );
    expectTooMany(await app.call('POST', REG, { body: { name: 'Third', e_mail: 'SAME@example.com', pass: 'password-123' } }));
  });

  it('limits password-reset mails per account and per address', async () => {
    await start({ mailPerAccount: { max: 2, windowSeconds: 900 }, mailPerAddress: { max: 3, windowSeconds: 900 } });
    for (let i = 0; i < 2; i++) expect((await app.call('POST', RESET, { body: { e_mail: 'admin@example.com' } })).status).toBe(200);
    expectTooMany(await app.call('POST', RESET, { body: { e_mail: 'admin@example.com' } }));
    expect((await app.call('POST', RESET, { body: { e_mail: 'other@example.com' } })).status).toBe(200);
    expectTooMany(await app.call('POST', RESET, { body: { e_mail: 'third@example.com' } }));
  });

  it('sends no more mails than the limit when 12 reset requests arrive at once', async () => {
    await start({ mailPerAddress: { max: 3, windowSeconds: 900 } });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => app.call('POST', RESET, { body: { e_mail: `r${i}@example.com` } })),
    );
    expect(answers.filter((r) => r.status === 200).length).toBe(3);
    answers.filter((r) => r.status !== 200).forEach(expectTooMany);
  });

  it('limits activation resends per account', async () => {
    await start({ mailPerAccount: { max: 1, windowSeconds: 900 } });
    const { token } = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('POST', `${V1}/user/email/verification/send`, { token, body: {} })).status).toBe(200);
    expectTooMany(await app.call('POST', `${V1}/user/email/verification/send`, { token, body: {} }));
  });
});

describe('counters kept in the database', () => {
  it('counts the failures made through another server instance on the same database (as another process, or this one after a restart)', async () => {
    await start({ loginPerAccountAddress: { max: 3, windowSeconds: 600 } });
    await makeUser(app, { email: 'shared@example.com', password: 'shared-pass-1' });
    const fail = (a: { call: TestApp['call'] }) => a.call('POST', LOGIN, { body: { e_mail: 'shared@example.com', pass: 'wrong-pass' } });
    expect((await fail(app)).status).toBe(400);
    // a second instance on the same data dir, as a second process would be
    const other = await createApp(
      makeConfig({
        dataDir: app.dataDir,
        logLevel: 'silent',
        rateLimits: app.lantern.ctx.config.rateLimits,
        databaseUrl: app.lantern.ctx.config.databaseUrl,
      }),
    );
    const { url } = await other.listen(0, '127.0.0.1');
    const call: TestApp['call'] = async (method, path, o = {}) => {
      const res = await fetch(url + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(o.body) });
      return { status: res.status, body: await res.json(), headers: res.headers };
    };
    try {
      expect((await fail({ call })).status).toBe(400);
      expect((await fail(app)).status).toBe(400);
      // three failures in all, two here and one there: both refuse the next try
      expectTooMany(await fail({ call }));
      expectTooMany(await fail(app));
    } finally {
      await other.close();
    }
    // the table holds hashes, not the email or the address
    const rows = await app.lantern.ctx.db.selectFrom('rate_limit').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/shared@example|127\.0\.0\.1/);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
  });

  it('forgets the counters whose window has ended when sessions are purged', async () => {
    const now = { t: 1_800_000_000 };
    await start({ loginPerAddress: { max: 50, windowSeconds: 60 } }, { now: () => now.t });
    await app.call('POST', LOGIN, { body: { e_mail: 'nobody@example.com', pass: 'wrong-pass' } });
    const count = async () => (await app.lantern.ctx.db.selectFrom('rate_limit').select('key_hash').execute()).length;
    // the address's, the account's from that address, and the account's from anywhere
    expect(await count()).toBe(3);
    await app.lantern.ctx.limits.purgeEnded();
    expect(await count()).toBe(3);
    now.t += 61;
    // the account's counters (15 min) stay, the address's (60 s) goes
    await app.lantern.ctx.limits.purgeEnded();
    expect(await count()).toBe(2);
  });
});
