import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import type { Database as Schema } from '../../db/database.js';
import { deleteExpiredCaptchas } from '../../infra/captcha/captcha.repository.js';
import { captchaOff, captchaOn, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { issueCode } from './email-code.js';
import { markCodeUsed } from './email-code.repository.js';
import { hashToken } from '../../infra/tokens.js';

// The hourly purge of expired rows (here every 30 ms) takes with the sessions the other tables that
// only grew: captchas never answered, the captcha counters of past days (every search writes one
// per user or address and day) and e-mail codes expired or used.

const V1 = '/answer/api/v1';
const DAY = 24 * 3600;
// noon, so that a few minutes later is still the same day
let now = Math.floor(Date.UTC(2026, 5, 10, 12) / 1000);
const clock = { now: () => now };

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ deps: { clock }, config: { sessionPurgeMs: 30 } });
});
afterAll(async () => app.stop());

const db = () => app.lantern.ctx.db;
const count = async (table: 'captcha' | 'action_record' | 'email_code') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the purge of expired rows', () => {
  it('deletes captchas past their five minutes, and keeps live ones', async () => {
    await captchaOn(app);
    // the email action always asks: each form opened makes a captcha
    for (let i = 0; i < 3; i++) expect((await app.call('GET', `${V1}/user/action/record?action=email`)).body.data.verify).toBe(true);
    expect(await count('captcha')).toBe(3);
    now += 4 * 60;
    await app.call('GET', `${V1}/user/action/record?action=email`);
    now += 2 * 60;
    // the first three have expired, the fourth has three minutes left
    await vi.waitFor(async () => expect(await count('captcha')).toBe(1), { timeout: 5000, interval: 20 });
    await captchaOff(app);
  });

  it('deletes the captcha counters of past days, which searches write', async () => {
    const user = await makeUser(app);
    await app.call('GET', `${V1}/search?q=lantern`);
    await app.call('GET', `${V1}/search?q=lamp`, { token: user.token });
    const days = async () =>
      (await db().selectFrom('action_record').select(['unit', 'day']).where('action', '=', 'search').execute()).map((r) => r.day);
    const today = new Date(now * 1000).toISOString().slice(0, 10);
    expect(await days()).toEqual([today, today]);
    now += DAY;
    await app.call('GET', `${V1}/search?q=lantern`);
    const tomorrow = new Date(now * 1000).toISOString().slice(0, 10);
    await vi.waitFor(async () => expect(await days()).toEqual([tomorrow]), { timeout: 5000, interval: 20 });
  });

  it('deletes e-mail codes once expired or used, and keeps live ones', async () => {
    const user = await makeUser(app);
    const reset = await issueCode(db(), user.id, 'password_reset', {}, now);
    const used = await issueCode(db(), user.id, 'unsubscribe', {}, now);
    const live = await issueCode(db(), user.id, 'unsubscribe', {}, now);
    await markCodeUsed(db(), hashToken(used), now);
    const hashes = async () =>
      (await db().selectFrom('email_code').select('code_hash').where('user_id', '=', user.id).execute()).map((r) => r.code_hash);
    await vi.waitFor(async () => expect((await hashes()).sort()).toEqual([hashToken(reset), hashToken(live)].sort()), {
      timeout: 5000,
      interval: 20,
    });
    // a password reset link lasts an hour
    now += 3601;
    await vi.waitFor(async () => expect(await hashes()).toEqual([hashToken(live)]), { timeout: 5000, interval: 20 });
  });
});

// every captcha answer checked deletes the expired ones too: a walk of the index, not a scan of every captcha
describe.skipIf(onPostgres)('deleting expired captchas', () => {
  it('walks the expiry index', async () => {
    const seen: CompiledQuery[] = [];
    const raw = new Database(join(app.dataDir, 'lantern.db'));
    const own = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }), log: (e) => void seen.push(e.query) });
    try {
      await deleteExpiredCaptchas(own, now);
      expect(seen).toHaveLength(1);
      const plan = raw.prepare(`EXPLAIN QUERY PLAN ${seen[0].sql}`).all(...(seen[0].parameters as unknown[])) as { detail: string }[];
      expect(plan.map((r) => r.detail).join('; ')).toMatch(/SEARCH captcha USING INDEX captcha_expires_idx \(expires_at<\?\)/);
    } finally {
      await own.destroy();
    }
  });
});
