import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type LanternApp } from '../../app.js';
import { makeConfig } from '../../config.js';
import { makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { hashToken } from '../../infra/tokens.js';

const INSTALL = {
  siteName: 'Purge Site',
  siteUrl: 'http://127.0.0.1',
  contactEmail: 'c@example.com',
  adminName: 'admin',
  adminPassword: 'admin-password',
  adminEmail: 'admin@example.com',
  language: 'en_US',
  loginRequired: false,
  externalContentDisplay: 'always_display' as const,
};

async function addSession(db: LanternApp['ctx']['db'], tag: string, expiresAt: number) {
  await db
    .insertInto('user_session')
    .values({
      token_hash: hashToken(`token-${tag}`),
      visit_token_hash: hashToken(`visit-${tag}`),
      user_id: 1,
      created_at: expiresAt - 100,
      expires_at: expiresAt,
    })
    .execute();
}
const TAGS = ['old', 'live', 'soon'];
/** The sessions left, by the tag addSession gave them (a session this test did not add shows as its hash): a failure names what was left. */
const tokens = async (db: LanternApp['ctx']['db']) =>
  (await db.selectFrom('user_session').select(['token_hash', 'expires_at']).execute()).map(
    (r) => TAGS.find((t) => hashToken(`token-${t}`) === r.token_hash) ?? `${r.token_hash} (expires ${r.expires_at})`,
  );

describe('expired sessions are purged', () => {
  const dirs: string[] = [];
  const apps: LanternApp[] = [];
  afterEach(async () => {
    for (const a of apps.splice(0)) await a.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  it('at start, and then on a timer', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-purge-'));
    dirs.push(dataDir);
    const now = Math.floor(Date.now() / 1000);
    const first = await createApp(makeConfig({ dataDir, logLevel: 'silent', autoInstall: INSTALL, sessionPurgeMs: 0 }));
    await addSession(first.ctx.db, 'old', now - 10);
    await addSession(first.ctx.db, 'live', now + 3600);
    await first.close();

    // at start (the timer is an hour away)
    const second = await createApp(makeConfig({ dataDir, logLevel: 'silent', sessionPurgeMs: 3_600_000 }));
    apps.push(second);
    await vi.waitFor(async () => expect(await tokens(second.ctx.db)).toEqual(['live']), { timeout: 5000, interval: 25 });
    apps.pop();
    await second.close();

    // on the timer: a session that expires after the start purge is gone by the next tick
    const third = await createApp(makeConfig({ dataDir, logLevel: 'silent', sessionPurgeMs: 25 }));
    apps.push(third);
    await addSession(third.ctx.db, 'soon', Math.floor(Date.now() / 1000) + 1);
    expect(await tokens(third.ctx.db)).toContain('soon');
    await vi.waitFor(async () => expect(await tokens(third.ctx.db)).toEqual(['live']), { timeout: 5000, interval: 50 });
    apps.pop();
    await third.close();
  });
});

describe('tokens in the query string', () => {
  let app: TestApp;
  afterEach(async () => app.stop());

  it('are ignored: only the Authorization header logs a request in', async () => {
    app = await startTestApp();
    const { token } = await makeUser(app);
    expect((await app.call('GET', `/answer/api/v1/user/info?Authorization=${token}`)).body.data).toBeNull();
    expect((await app.call('GET', `/answer/api/v1/user/notification/config?Authorization=${token}`)).status).toBe(401);
    expect((await app.call('GET', '/answer/api/v1/user/info', { token })).body.data).not.toBeNull();
  });
});
