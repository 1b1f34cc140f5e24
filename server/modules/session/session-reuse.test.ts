import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { hashToken } from '../../infra/tokens.js';

// Resolved access tokens reused for a minute, as a served instance reuses them for a second (the
// rest of the suite resolves every token): only a drop explains a token refused within the minute.
// On PostgreSQL tokens are never reused (other processes would learn of a logout a moment late):
// there a token whose row is gone is refused at once.
let app: TestApp;
let admin: string;

const api = (path: string) => `/answer/api/v1${path}`;
/** Whether the token signs its user in (user/info answers null for nobody). */
const signedIn = async (token: string) => {
  const r = await app.call('GET', api('/user/info'), { token });
  expect(r.status).toBe(200);
  return r.body.data !== null;
};
/** Deletes a session row behind the app's back: a reused token still answers, a dropped one does not. */
const forgetInTable = (token: string) => app.lantern.ctx.db.deleteFrom('user_session').where('token_hash', '=', hashToken(token)).execute();

beforeAll(async () => {
  app = await startTestApp({ config: { sessionCacheMs: 60_000 } });
  await captchaOff(app);
  admin = await adminToken(app);
});

afterAll(async () => {
  await app.stop();
});

describe('a reused session', () => {
  it('is reused within its time, and a logout ends it at once', async () => {
    const u = await makeUser(app, { name: 'Reused Token' });
    expect(await signedIn(u.token)).toBe(true);
    const other = await makeUser(app, { name: 'Reused Token Two' });
    expect(await signedIn(other.token)).toBe(true);
    await forgetInTable(other.token);
    // nothing announced the row's removal: on SQLite the token is still resolved from memory
    expect(await signedIn(other.token)).toBe(!onPostgres);
    const out = await app.call('GET', api('/user/logout'), { token: u.token });
    expect(out.status).toBe(200);
    expect(await signedIn(u.token)).toBe(false);
  });

  it('an admin’s suspension and deletion take effect on the next request', async () => {
    const u = await makeUser(app, { name: 'Suspended Soon' });
    expect((await app.call('GET', api('/notification/status'), { token: u.token })).status).toBe(200);
    const suspended = await app.call('PUT', '/answer/admin/api/user/status', {
      token: admin,
      body: { user_id: String(u.id), status: 'suspended', suspend_duration: '24h' },
    });
    expect(suspended.status).toBe(200);
    const refused = await app.call('GET', api('/notification/status'), { token: u.token });
    expect(refused.status).toBe(403);

    const v = await makeUser(app, { name: 'Deleted Soon' });
    expect(await signedIn(v.token)).toBe(true);
    const deleted = await app.call('PUT', '/answer/admin/api/user/status', {
      token: admin,
      body: { user_id: String(v.id), status: 'deleted' },
    });
    expect(deleted.status).toBe(200);
    expect(await signedIn(v.token)).toBe(false);
  });

  it('a password change ends the other sessions at once and keeps the one that made it', async () => {
    const u = await makeUser(app, { name: 'Changes Password', password: 'password-123' });
    const second = (await app.lantern.ctx.sessions.issue(u.id)).accessToken;
    expect(await signedIn(second)).toBe(true);
    const changed = await app.call('PUT', api('/user/password'), {
      token: u.token,
      body: { old_pass: 'password-123', pass: 'password-456' },
    });
    expect(changed.status).toBe(200);
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(u.token)).toBe(true);
  });

  it('a write that changes no account keeps reused tokens; an announced change of an account drops them', async () => {
    const u = await makeUser(app, { name: 'Writes Then Reads' });
    const watcher = await makeUser(app, { name: 'Watches Tokens' });
    expect(await signedIn(watcher.token)).toBe(true);
    await forgetInTable(watcher.token);
    const refused = await app.call('PUT', api('/notification/status'), { token: u.token, body: { type: 'nonsense' } });
    expect(refused.status).toBe(400);
    expect(await signedIn(watcher.token)).toBe(!onPostgres);
    // clearing one's red dot changes no user's row or role: nothing is announced for sessions
    const written = await app.call('PUT', api('/notification/status'), { token: u.token, body: { type: 'inbox' } });
    expect(written.status).toBe(200);
    expect(await signedIn(watcher.token)).toBe(!onPostgres);
    // a change of an account (here u's interface) is announced (user.changed), and resolved tokens go
    const changed = await app.call('PUT', api('/user/interface'), { token: u.token, body: { language: 'en_US', color_scheme: 'dark' } });
    expect(changed.status).toBe(200);
    expect(await signedIn(watcher.token)).toBe(false);
  });
});
