import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { grantActivation } from './account.service.js';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';

describe('user directory', () => {
  it('GET personal/user/info shows a profile by username and 404s an unknown one', async () => {
    await makeUser(app, { name: 'Profile Person' });
    const r = await app.call('GET', `${V1}/personal/user/info?username=profile-person`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ username: 'profile-person', display_name: 'Profile Person', status: 'normal', status_msg: '' });
    expect(r.body.data).not.toHaveProperty('e_mail');
    const missing = await app.call('GET', `${V1}/personal/user/info?username=nobody-here`);
    expect(missing.status).toBe(404);
    expect(missing.body.reason).toBe('error.user.not_found');
  });

  it('GET personal/user/info needs login in private mode', async () => {
    await makeUser(app, { name: 'Hidden Person' });
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    expect((await app.call('GET', `${V1}/personal/user/info?username=hidden-person`)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    const r = await app.call('GET', `${V1}/personal/user/info?username=hidden-person`, { token: inactive.token });
    expect(r.status).toBe(403);
    expect(r.body.data).toEqual({ type: 'inactive' });
  });

  it('GET user/info/search finds up to 5 active users by prefix, not the caller', async () => {
    const me = await makeUser(app, { name: 'mention me' });
    for (let i = 0; i < 6; i++) await makeUser(app, { name: `mention ${i}` });
    await makeUser(app, { name: 'mention gone', status: 10 });
    const r = await app.call('GET', `${V1}/user/info/search?username=mention`, { token: me.token });
    expect(r.body.data).toHaveLength(5);
    expect(r.body.data.map((u: { username: string }) => u.username)).not.toContain('mention-me');
    expect(r.body.data.every((u: { status: string }) => u.status === 'normal')).toBe(true);
    expect((await app.call('GET', `${V1}/user/info/search?username=mention`)).status).toBe(401);
  });

  it('GET user/staff lists admins and moderators', async () => {
    await makeUser(app, { name: 'mod person', roleId: 3 });
    await makeUser(app, { name: 'plain person' });
    const r = await app.call('GET', `${V1}/user/staff?page_size=10`);
    expect(r.body.data.map((u: { username: string }) => u.username).sort()).toEqual(['admin', 'mod-person']);
  });

  it("GET user/ranking counts this week's reputation and lists staff", async () => {
    const u = await makeUser(app, { name: 'fresh user', rank: 0 });
    await grantActivation(app.lantern.ctx.db, u.id, app.lantern.ctx.clock.now());
    const r = await app.call('GET', `${V1}/user/ranking`);
    expect(r.body.data.users_with_the_most_reputation).toEqual([expect.objectContaining({ username: 'fresh-user', rank: 1 })]);
    expect(r.body.data.users_with_the_most_vote).toEqual([]);
    expect(r.body.data.staffs.map((s: { username: string }) => s.username)).toEqual(['admin']);
  });
});
