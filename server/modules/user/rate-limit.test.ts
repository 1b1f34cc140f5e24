import { afterEach, describe, expect, it } from 'vitest';
import { captchaOn, makeUser } from '../../../tests/support/accounts.js';
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

async function start(limits: Partial<RateLimitConfig>, clock?: Clock) {
  app = await startTestApp({ config: { rateLimits: small(limits) }, deps: clock ? { clock } : undefined });
}

function expectTooMany(r: { status: number; body: any; headers: Headers }) {
  expect(r.status).toBe(429);
  expect(r.body).toMatchObject({ code: 429, reason: 'error.user.too_many_attempts', data: { err_type: 'toast' } });
  expect(r.body.msg).toMatch(/^Too many attempts, try again in \d+ s\.$/);
  expect(r.body.data.retry_after).toBeGreaterThan(0);
}

describe('login limits', () => {
  it('refuses an account after its failures reach the limit, with a clear wait, even with the right password', async () => {
    const now = { t: 1_800_000_000 };
    await start({ loginPerAccount: { max: 3, windowSeconds: 600 } }, { now: () => now.t });
    await makeUser(app, { email: 'lim@example.com', password: 'lim-pass-12' });
    for (let i = 0; i < 3; i++)
      expect((await app.call('POST', LOGIN, { body: { e_mail: 'lim@example.com', pass: 'wrong-pass' } })).status).toBe(400);
    const blocked = await app.call('POST', LOGIN, { body: { e_mail: 'LIM@example.com', pass: 'lim-pass-12' } });
    expectTooMany(blocked);
    expect(blocked.body.msg).toBe('Too many attempts, try again in 600 s.');
    now.t += 601;
    expect((await app.call('POST', LOGIN, { body: { e_mail: 'lim@example.com', pass: 'lim-pass-12' } })).status).toBe(200);
  });

  it('counts only failures per account: a success clears them and repeated good logins never trip it', async () => {
    await start({ loginPerAccount: { max: 3, windowSeconds: 600 } });
    await makeUser(app, { email: 'ok@example.com', password: 'ok-pass-123' });
    for (let i = 0; i < 2; i++) await app.call('POST', LOGIN, { body: { e_mail: 'ok@example.com', pass: 'wrong-pass' } });
    expect((await app.call('POST', LOGIN, { body: { e_mail: 'ok@example.com', pass: 'ok-pass-123' } })).status).toBe(200);
    for (let i = 0; i < 2; i++) await app.call('POST', LOGIN, { body: { e_mail: 'ok@example.com', pass: 'wrong-pass' } });
    for (let i = 0; i < 6; i++)
      expect((await app.call('POST', LOGIN, { body: { e_mail: 'ok@example.com', pass: 'ok-pass-123' } })).status).toBe(200);
  });

  it('refuses an address that fails on many accounts', async () => {
    await start({ loginPerAddress: { max: 4, windowSeconds: 900 } });
    for (let i = 0; i < 4; i++) await app.call('POST', LOGIN, { body: { e_mail: `nobody${i}@example.com`, pass: 'wrong-pass' } });
    expectTooMany(await app.call('POST', LOGIN, { body: { e_mail: 'someone-else@example.com', pass: 'wrong-pass' } }));
  });

  it('applies whether or not the captcha is on', async () => {
    await start({ loginPerAccount: { max: 2, windowSeconds: 600 } });
    await captchaOn(app);
    await makeUser(app, { email: 'cap@example.com', password: 'cap-pass-12' });
    for (let i = 0; i < 2; i++) await app.call('POST', LOGIN, { body: { e_mail: 'cap@example.com', pass: 'wrong-pass' } });
    expectTooMany(await app.call('POST', LOGIN, { body: { e_mail: 'cap@example.com', pass: 'cap-pass-12' } }));
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

  it('limits activation resends per account', async () => {
    await start({ mailPerAccount: { max: 1, windowSeconds: 900 } });
    const { token } = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('POST', `${V1}/user/email/verification/send`, { token, body: {} })).status).toBe(200);
    expectTooMany(await app.call('POST', `${V1}/user/email/verification/send`, { token, body: {} }));
  });
});

describe('counters kept in the database', () => {
  it('counts the failures made through another server instance on the same database (as another process, or this one after a restart)', async () => {
    await start({ loginPerAccount: { max: 3, windowSeconds: 600 } });
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
    expect(await count()).toBe(2);
    await app.lantern.ctx.limits.purgeEnded();
    expect(await count()).toBe(2);
    now.t += 61;
    // the account's counter (15 min) stays, the address's (60 s) goes
    await app.lantern.ctx.limits.purgeEnded();
    expect(await count()).toBe(1);
  });
});
