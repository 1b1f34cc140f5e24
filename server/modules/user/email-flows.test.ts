import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captchaFor, makeUser, registerViaApi, useSmtp } from '../../../tests/support/accounts.js';
import { linkIn, startSmtp, type SmtpCapture } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let smtp: SmtpCapture;
beforeEach(async () => {
  app = await startTestApp();
  smtp = await startSmtp();
  await useSmtp(app, smtp.port);
});
afterEach(async () => {
  await app.stop();
  await smtp.close();
});

describe('email flows through a real SMTP server', () => {
  it('activates an account from the link in the activation mail', async () => {
    const reg = await registerViaApi(app, 'Mia Mail', 'mia@example.com');
    const mail = await smtp.waitFor('mia@example.com');
    expect(mail.raw).toMatch(/Subject: \[Test Site\] Please confirm your email address/);
    const link = linkIn(mail.raw, '/users/account-activation?code=');
    expect(link.origin).toBe('http://127.0.0.1');
    const code = link.searchParams.get('code')!;
    const r = await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ mail_status: 1, rank: 1, status: 'normal' });
    expect(r.body.data.access_token).not.toBe(reg.access_token);
    // single use
    const again = await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code } });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ reason: 'error.email.verify_url_expired', data: { type: 'url_expired' } });
  });

  it('grants the activation point only once even after an email change', async () => {
    await registerViaApi(app, 'Once Only', 'once@example.com');
    const code = linkIn((await smtp.waitFor('once@example.com')).raw, 'code=').searchParams.get('code')!;
    const v = await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code } });
    const token = v.body.data.access_token;
    const change = await app.call('POST', '/answer/api/v1/user/email/change/code', {
      token,
      body: { e_mail: 'once2@example.com', pass: 'password-123', ...(await captchaFor(app, 'edit_userinfo', token)) },
    });
    expect(change.status).toBe(200);
    const link = linkIn((await smtp.waitFor('once2@example.com')).raw, '/users/confirm-new-email?code=');
    const r = await app.call('PUT', '/answer/api/v1/user/email', { body: { code: link.searchParams.get('code') } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ e_mail: 'once2@example.com', mail_status: 1, rank: 1 });
  });

  it('resends an activation link and only the newest one works', async () => {
    const reg = await registerViaApi(app, 'Re Send', 'resend@example.com');
    const first = linkIn((await smtp.waitFor('resend@example.com', 1)).raw, 'code=').searchParams.get('code')!;
    const r = await app.call('POST', '/answer/api/v1/user/email/verification/send', {
      token: reg.access_token,
      body: await captchaFor(app, 'email'),
    });
    expect(r.status).toBe(200);
    const second = linkIn((await smtp.waitFor('resend@example.com', 2)).raw, 'code=').searchParams.get('code')!;
    expect((await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code: first } })).status).toBe(403);
    expect((await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code: second } })).status).toBe(200);
  });

  it('resets a password by mail and ends every old session', async () => {
    const { token } = await makeUser(app, { email: 'reset@example.com', password: 'old-password-1' });
    const req = await app.call('POST', '/answer/api/v1/user/password/reset', {
      body: { e_mail: 'reset@example.com', ...(await captchaFor(app, 'email')) },
    });
    expect(req.status).toBe(200);
    const link = linkIn((await smtp.waitFor('reset@example.com')).raw, '/users/password-reset?code=');
    const bad = await app.call('POST', '/answer/api/v1/user/password/replacement', {
      body: { code: link.searchParams.get('code'), pass: 'short' },
    });
    expect(bad.body.data).toEqual([{ error_field: 'pass', error_msg: 'Password must be at 8-32 characters in length.' }]);
    const r = await app.call('POST', '/answer/api/v1/user/password/replacement', {
      body: { code: link.searchParams.get('code'), pass: 'new-password-1' },
    });
    expect(r.status).toBe(200);
    expect((await app.call('GET', '/answer/api/v1/user/info', { token })).body.data).toBeNull();
    expect(
      (await app.call('POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'reset@example.com', pass: 'new-password-1' } })).status,
    ).toBe(200);
  });

  it('answers a reset request for an unknown email the same way, sending nothing', async () => {
    const r = await app.call('POST', '/answer/api/v1/user/password/reset', {
      body: { e_mail: 'ghost@example.com', ...(await captchaFor(app, 'email')) },
    });
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 200));
    expect(smtp.mails).toHaveLength(0);
  });

  it('refuses an email change with a wrong password or a taken address', async () => {
    const { token } = await makeUser(app, { email: 'me@example.com', password: 'my-password-1' });
    const wrong = await app.call('POST', '/answer/api/v1/user/email/change/code', {
      token,
      body: { e_mail: 'new@example.com', pass: 'nope-nope-1' },
    });
    expect(wrong.body).toMatchObject({ reason: 'error.object.old_password_verification_failed', data: [{ error_field: 'pass' }] });
    const taken = await app.call('POST', '/answer/api/v1/user/email/change/code', {
      token,
      body: { e_mail: 'admin@example.com', pass: 'my-password-1' },
    });
    expect(taken.body).toMatchObject({ reason: 'error.email.duplicate', data: [{ error_field: 'e_mail' }] });
  });
});

describe('the outbox without SMTP', () => {
  it('writes the activation mail as an .eml file in the data dir', async () => {
    await app.lantern.ctx.db
      .updateTable('config')
      .set({ value: JSON.stringify({ smtp_host: '', smtp_port: 465 }) })
      .where('key', '=', 'email.config')
      .execute();
    await registerViaApi(app, 'Offline User', 'offline@example.com');
    const dir = join(app.dataDir, 'outbox');
    let files: string[] = [];
    for (let i = 0; i < 40 && files.length < 2; i++) {
      try {
        files = readdirSync(dir);
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    files.sort();
    expect(files.map((f) => f.slice(f.lastIndexOf('.')))).toEqual(['.eml', '.txt']);
    const eml = readFileSync(join(dir, files[0]), 'utf8');
    expect(eml).toMatch(/To: offline@example.com/);
    const code = linkIn(eml, '/users/account-activation?code=').searchParams.get('code');
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    // beside it, the same link whole on a line of its own, which activates the account
    const txt = readFileSync(join(dir, files[1]), 'utf8');
    expect(txt).toContain('To: offline@example.com\n');
    const line = txt.split('\n').find((l) => l.includes('/users/account-activation?code='));
    expect(line).toMatch(/^https?:\/\/\S+\/users\/account-activation\?code=[0-9a-f]{64}$/);
    expect(new URL(line!).searchParams.get('code')).toBe(code);
    const verified = await app.call('POST', '/answer/api/v1/user/email/verification', { body: { code } });
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ mail_status: 1 });
  });
});
