import type { MailStatus, RoleId, UserStatus } from '../../server/contract/enums.js';
import { MAIL_STATUS } from '../../server/contract/limits.js';
import { writeConfigValue } from '../../server/modules/config/config.repository.js';
import { createAccount } from '../../server/modules/user/user.accounts.js';
import { Passwords, TEST_SCRYPT_COST } from '../../server/infra/password/password.js';
import { updateUser } from '../../server/modules/user/user.repository.js';
import type { TestApp } from './test-app.js';

/** Reads a captcha's answer from the database, as a person would read the image. */
export async function solveCaptcha(app: TestApp, id: string): Promise<string> {
  const row = await app.lantern.ctx.db.selectFrom('captcha').select('answer').where('id', '=', id).executeTakeFirstOrThrow();
  return row.answer;
}

/** Asks for a captcha for an action and returns fields that pass it (empty when none is needed). */
export async function captchaFor(app: TestApp, action: string, token?: string): Promise<{ captcha_id?: string; captcha_code?: string }> {
  const r = await app.call('GET', `/answer/api/v1/user/action/record?action=${action}`, { token });
  if (!r.body.data.verify) return {};
  return { captcha_id: r.body.data.captcha_id, captcha_code: await solveCaptcha(app, r.body.data.captcha_id) };
}

/** Registers through the API (solving the captcha); returns the login payload. */
export async function registerViaApi(app: TestApp, name: string, email: string, pass = 'password-123') {
  const r = await app.call('POST', '/answer/api/v1/user/register/email', {
    body: { name, e_mail: email, pass, ...(await captchaFor(app, 'email')) },
  });
  if (r.status !== 200) throw new Error(`register failed: ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; access_token: string; username: string };
}

// tests' cheap cost (test-app's config uses it too), and each password hashed once per test worker
const testPasswords = new Passwords(TEST_SCRYPT_COST);
const hashes = new Map<string, Promise<string>>();
function hashOnce(plain: string): Promise<string> {
  let hash = hashes.get(plain);
  if (!hash) {
    hash = testPasswords.hash(plain);
    hashes.set(plain, hash);
  }
  return hash;
}

/** Creates a user directly with a session; active unless told otherwise. */
export async function makeUser(
  app: TestApp,
  opts: {
    name?: string;
    email?: string;
    password?: string;
    rank?: number;
    roleId?: RoleId;
    mailStatus?: MailStatus;
    status?: UserStatus;
  } = {},
) {
  const ctx = app.lantern.ctx;
  const n = Math.random().toString(36).slice(2, 8);
  const id = await createAccount(ctx.db, {
    displayName: opts.name ?? `user ${n}`,
    email: opts.email ?? `u${n}@example.com`,
    passHash: await hashOnce(opts.password ?? 'password-123'),
    mailStatus: opts.mailStatus ?? MAIL_STATUS.verified,
    rank: opts.rank ?? 1,
    roleId: opts.roleId,
    now: ctx.clock.now(),
  });
  if (opts.status) await updateUser(ctx.db, id, { status: opts.status });
  const { accessToken } = await ctx.sessions.issue(id);
  return { id, token: accessToken };
}

/** The installed admin's token (user 1). */
export async function adminToken(app: TestApp): Promise<string> {
  return (await app.lantern.ctx.sessions.issue(1)).accessToken;
}

/** Points the site's mail at a local SMTP server. */
export async function useSmtp(app: TestApp, port: number): Promise<void> {
  await writeConfigValue(
    app.lantern.ctx.db,
    'email.config',
    JSON.stringify({
      from_email: 'lantern@example.com',
      from_name: 'Lantern',
      smtp_host: '127.0.0.1',
      smtp_port: port,
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: false,
      encryption: '',
    }),
  );
}

/** Turns the built-in captcha plugin off (as an admin can). */
export async function captchaOff(app: TestApp): Promise<void> {
  await writeConfigValue(app.lantern.ctx.db, 'plugin.status', JSON.stringify({ lantern_captcha: false }));
}

/** Turns the built-in captcha plugin on (it ships off, as an admin can switch it on). */
export async function captchaOn(app: TestApp): Promise<void> {
  await writeConfigValue(app.lantern.ctx.db, 'plugin.status', JSON.stringify({ lantern_captcha: true }));
}
