import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => app.stop());

const V1 = '/answer/api/v1';

describe('the user centre without a user-centre plugin', () => {
  it('GET user-center/agent says the built-in accounts are in charge, to anyone', async () => {
    expect((await app.call('GET', `${V1}/user-center/agent`)).body).toEqual({
      code: 200,
      reason: 'base.success',
      msg: 'Success.',
      data: { enabled: false, agent_info: null },
    });
    expect((await app.call('GET', `${V1}/user-center/agent`, { token: 'not-a-token' })).status).toBe(200);
  });

  it('GET user-center/personal/branding has no branding and needs a username', async () => {
    expect((await app.call('GET', `${V1}/user-center/personal/branding?username=admin`)).body.data).toEqual({
      enabled: false,
      personal_branding: [],
    });
    const missing = await app.call('GET', `${V1}/user-center/personal/branding`);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ error_field: 'username', error_msg: 'Username cannot be empty.' }]);
    const long = await app.call('GET', `${V1}/user-center/personal/branding?username=${'u'.repeat(101)}`);
    expect(long.body.data).toEqual([{ error_field: 'username', error_msg: 'Username up to 100 characters.' }]);
  });

  it('sends every login and sign-up redirect and callback to /404', async () => {
    for (const path of ['login/redirect', 'sign-up/redirect', 'login/callback', 'sign-up/callback']) {
      const r = await app.call('GET', `${V1}/user-center/${path}?code=abc`);
      expect(r.status, path).toBe(302);
      expect(r.headers.get('location')).toBe('/404');
    }
  });

  it('GET user-center/user/settings points at the built-in settings pages for active users', async () => {
    expect((await app.call('GET', `${V1}/user-center/user/settings`)).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('GET', `${V1}/user-center/user/settings`, { token: inactive.token })).body).toMatchObject({
      code: 403,
      data: { type: 'inactive' },
    });
    const suspended = await makeUser(app, { status: 9 });
    expect((await app.call('GET', `${V1}/user-center/user/settings`, { token: suspended.token })).body).toMatchObject({
      code: 403,
      reason: 'error.user.suspended',
    });
    const u = await makeUser(app);
    expect((await app.call('GET', `${V1}/user-center/user/settings`, { token: u.token })).body.data).toEqual({
      profile_setting_agent: { enabled: false, redirect_url: '' },
      account_setting_agent: { enabled: false, redirect_url: '' },
    });
  });

  it('GET admin user-center/agent lets the admin manage users', async () => {
    const path = '/answer/admin/api/user-center/agent';
    expect((await app.call('GET', path)).status).toBe(401);
    expect((await app.call('GET', path, { token: (await makeUser(app)).token })).status).toBe(403);
    expect((await app.call('GET', path, { token: (await makeUser(app, { roleId: 3 })).token })).status).toBe(403);
    expect((await app.call('GET', path, { token: await adminToken(app) })).body.data).toEqual({
      allow_create_user: true,
      allow_update_user_status: true,
      allow_update_user_password: true,
      allow_update_user_role: true,
    });
  });
});

describe('under a base path', () => {
  it('redirects inside it', async () => {
    const based = await startTestApp({ config: { basePath: '/qa' } });
    try {
      const r = await based.call('GET', `${V1}/user-center/login/redirect`);
      expect(r.headers.get('location')).toBe('/qa/404');
      const c = await based.call('GET', `${V1}/connector/login/nope`);
      expect(c.headers.get('location')).toBe('/qa/50x');
    } finally {
      await based.stop();
    }
  });
});
