import { afterEach, describe, expect, it } from 'vitest';
import { captchaOn, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../infra/captcha/rate-limit.js';
import type { Clock } from '../../infra/clock.js';

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
