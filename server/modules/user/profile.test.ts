import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => app.stop());

const V1 = '/answer/api/v1';

describe('access levels', () => {
  it('refuses anonymous (401), inactive (403 inactive) and suspended (403 suspended) callers on active routes', async () => {
    expect((await app.call('PUT', `${V1}/user/interface`, { body: { language: 'en_US', color_scheme: 'dark' } })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    const r1 = await app.call('PUT', `${V1}/user/interface`, { token: inactive.token, body: { language: 'en_US', color_scheme: 'dark' } });
    expect(r1.status).toBe(403);
    expect(r1.body).toMatchObject({ reason: 'error.email.need_to_be_verified', data: { type: 'inactive' } });
    const suspended = await makeUser(app, { status: 9 });
    const r2 = await app.call('GET', `${V1}/user/notification/config`, { token: suspended.token });
    expect(r2.status).toBe(403);
    expect(r2.body).toMatchObject({ reason: 'error.user.suspended', data: { type: 'suspended' } });
  });

  it('treats a deleted user token as no login (401)', async () => {
    const deleted = await makeUser(app, { status: 10 });
    expect((await app.call('GET', `${V1}/user/logout`, { token: deleted.token })).status).toBe(401);
  });

  it('requires login site-wide for optional routes only when the site says so', async () => {
    const login = await app.lantern.ctx.settings.get('login');
    await app.lantern.ctx.settings.put('login', { ...login, login_required: true });
    // public routes stay public in private mode
    expect((await app.call('GET', `${V1}/user/info`)).status).toBe(200);
  });
});

describe('PUT /answer/api/v1/user/info', () => {
  it('updates the profile and renders the bio safely', async () => {
    const { id, token } = await makeUser(app);
    const r = await app.call('PUT', `${V1}/user/info`, {
      token,
      body: {
        display_name: 'New Name',
        username: 'new-name',
        bio: '**bold** <script>alert(1)</script> [x](javascript:alert(1))',
        website: 'https://example.org',
        location: 'Lisbon',
        avatar: { type: 'gravatar', gravatar: '', custom: '' },
      },
    });
    expect(r.status).toBe(200);
    const row = await app.lantern.ctx.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ display_name: 'New Name', username: 'new-name', website: 'https://example.org', location: 'Lisbon' });
    expect(row.bio_html).toContain('<strong>bold</strong>');
    expect(row.bio_html).not.toMatch(/<script|href="javascript/);
  });

  it('saves a stock Answer client profile form: avatar type "default" (its System choice) is the system avatar', async () => {
    const { id, token } = await makeUser(app);
    const me = (await app.call('GET', `${V1}/user/info`, { token })).body.data;
    expect(me.avatar.type).toBe('');
    const r = await app.call('PUT', `${V1}/user/info`, {
      token,
      body: {
        display_name: 'Stock Client',
        username: me.username,
        avatar: { type: 'default', gravatar: '', custom: '' },
        bio: 'hello',
        website: '',
        location: 'Porto',
      },
    });
    expect(r.status).toBe(200);
    const row = await app.lantern.ctx.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ display_name: 'Stock Client', location: 'Porto' });
    expect(JSON.parse(row.avatar).type).toBe('system');
    expect((await app.call('GET', `${V1}/user/info`, { token })).body.data.avatar.type).toBe('system');
    // an unknown type is read the same way, as the reference takes any short string
    expect(
      (await app.call('PUT', `${V1}/user/info`, { token, body: { display_name: 'Stock Client', avatar: { type: 'letters' } } })).status,
    ).toBe(200);
    expect(
      (await app.call('PUT', `${V1}/user/info`, { token, body: { display_name: 'Stock Client', avatar: { type: 'x'.repeat(101) } } }))
        .status,
    ).toBe(400);
  });

  it('shows the built-in letter avatar (no gravatar URL) to members who made no choice; Gravatar stays an admin choice', async () => {
    const { id } = await makeUser(app);
    const shown = async () =>
      (
        await app.call(
          'GET',
          `${V1}/personal/user/info?username=${(await app.lantern.ctx.db.selectFrom('user').select('username').where('id', '=', id).executeTakeFirstOrThrow()).username}`,
        )
      ).body.data.avatar;
    expect(await shown()).toBe('');
    const users = await app.lantern.ctx.settings.get('users');
    await app.lantern.ctx.settings.put('users', { ...users, default_avatar: 'gravatar' });
    expect(await shown()).toMatch(/^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}$/);
  });

  it.each([
    [{ display_name: 'X' }, 'display_name', 'Display name must be at 2-30 characters in length.'],
    [{ display_name: 'Okay', username: 'Bad Name!' }, 'username', 'Username is invalid.'],
    [{ display_name: 'Okay', username: 'admin' }, 'username', 'Username is invalid.'],
    [{ display_name: 'Okay', website: 'ftp://x' }, 'website', 'Invalid URL.'],
    [{ display_name: 'Okay', location: 'x'.repeat(101) }, 'location', 'Location up to 100 characters.'],
  ])('rejects %j on %s', async (body, field, message) => {
    const { token } = await makeUser(app);
    const r = await app.call('PUT', `${V1}/user/info`, { token, body });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('refuses a username that is taken', async () => {
    const other = await makeUser(app);
    const otherName = (await app.call('GET', `${V1}/user/info`, { token: other.token })).body.data.username;
    const { token } = await makeUser(app);
    const r = await app.call('PUT', `${V1}/user/info`, { token, body: { display_name: 'Okay', username: otherName } });
    expect(r.body).toMatchObject({
      reason: 'error.user.username_duplicate',
      data: [{ error_field: 'username', error_msg: 'Username is already in use.' }],
    });
  });

  it('keeps fields whose allow_update flag is off', async () => {
    const users = await app.lantern.ctx.settings.get('users');
    await app.lantern.ctx.settings.put('users', { ...users, allow_update_display_name: false, allow_update_location: false });
    const { id, token } = await makeUser(app, { name: 'Fixed Name' });
    await app.call('PUT', `${V1}/user/info`, { token, body: { display_name: 'Changed', location: 'Paris' } });
    const row = await app.lantern.ctx.db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.display_name).toBe('Fixed Name');
    expect(row.location).toBe('');
  });
});

describe('PUT /answer/api/v1/user/interface and password', () => {
  it('saves language and color scheme, refusing unknown values', async () => {
    const { token } = await makeUser(app);
    expect((await app.call('PUT', `${V1}/user/interface`, { token, body: { language: 'zh_CN', color_scheme: 'dark' } })).status).toBe(200);
    const me = (await app.call('GET', `${V1}/user/info`, { token })).body.data;
    expect(me).toMatchObject({ language: 'zh_CN', color_scheme: 'dark' });
    const bad = await app.call('PUT', `${V1}/user/interface`, { token, body: { language: 'xx_XX', color_scheme: 'dark' } });
    expect(bad.body.data).toEqual([{ error_field: 'language', error_msg: 'Language file not found.' }]);
    const badScheme = await app.call('PUT', `${V1}/user/interface`, { token, body: { language: 'en_US', color_scheme: 'pink' } });
    expect(badScheme.body.data[0].error_field).toBe('color_scheme');
  });

  it('changes the password, checking the old one, and ends the other sessions', async () => {
    const { id, token } = await makeUser(app, { password: 'first-pass-1' });
    const other = (await app.lantern.ctx.sessions.issue(id)).accessToken;
    const wrong = await app.call('PUT', `${V1}/user/password`, { token, body: { old_pass: 'nope-nope-1', pass: 'second-pass-1' } });
    expect(wrong.body).toMatchObject({ reason: 'error.object.old_password_verification_failed', data: [{ error_field: 'old_pass' }] });
    const same = await app.call('PUT', `${V1}/user/password`, { token, body: { old_pass: 'first-pass-1', pass: 'first-pass-1' } });
    expect(same.body.reason).toBe('error.object.new_password_same_as_previous_setting');
    expect(
      (await app.call('PUT', `${V1}/user/password`, { token, body: { old_pass: 'first-pass-1', pass: 'second-pass-1' } })).status,
    ).toBe(200);
    expect((await app.call('GET', `${V1}/user/info`, { token })).body.data).not.toBeNull();
    expect((await app.call('GET', `${V1}/user/info`, { token: other })).body.data).toBeNull();
  });

  it('refuses to check old passwords past the login limit, so a stolen session cannot guess the password', async () => {
    const { token } = await makeUser(app, { password: 'first-pass-1' });
    const max = app.lantern.ctx.limits.limits.loginPerAccountAddress.max;
    const answers = await Promise.all(
      Array.from({ length: max + 5 }, (_, i) =>
        app.call('PUT', `${V1}/user/password`, { token, body: { old_pass: `guess-${i}-x`, pass: 'second-pass-1' } }),
      ),
    );
    expect(answers.filter((r) => r.body.reason === 'error.object.old_password_verification_failed').length).toBe(max);
    expect(answers.filter((r) => r.status === 429).length).toBe(5);
    const right = await app.call('PUT', `${V1}/user/password`, { token, body: { old_pass: 'first-pass-1', pass: 'second-pass-1' } });
    expect(right.body.reason).toBe('error.user.too_many_attempts');
  });
});

describe('notification config and unsubscribe', () => {
  it('reads defaults and saves changes', async () => {
    const { token } = await makeUser(app);
    const r = await app.call('GET', `${V1}/user/notification/config`, { token });
    expect(r.body.data).toEqual({
      inbox: { key: 'email', enable: true },
      all_new_question: { key: 'email', enable: false },
      all_new_question_for_following_tags: { key: 'email', enable: false },
    });
    await app.call('PUT', `${V1}/user/notification/config`, {
      token,
      body: { inbox: { key: 'email', enable: false }, all_new_question: { key: 'email', enable: true } },
    });
    const after = await app.call('GET', `${V1}/user/notification/config`, { token });
    expect(after.body.data.inbox.enable).toBe(false);
    expect(after.body.data.all_new_question.enable).toBe(true);
  });

  it('turns every email channel off from an unsubscribe code and refuses a bad one', async () => {
    const { id, token } = await makeUser(app);
    const { unsubscribeUrl } = await import('./account.service.js');
    const url = new URL(await unsubscribeUrl(app.lantern.ctx, id, 'http://x'));
    expect(url.pathname).toBe('/users/unsubscribe');
    expect((await app.call('PUT', `${V1}/user/notification/unsubscribe`, { body: { code: url.searchParams.get('code') } })).status).toBe(
      200,
    );
    expect((await app.call('GET', `${V1}/user/notification/config`, { token })).body.data.inbox.enable).toBe(false);
    const bad = await app.call('PUT', `${V1}/user/notification/unsubscribe`, { body: { code: 'nope' } });
    expect(bad.body).toMatchObject({ reason: 'error.email.verify_url_expired', data: { type: 'url_expired' } });
  });
});

describe('roles and permissions', () => {
  it('lists the three roles for admins only', async () => {
    const r = await app.call('GET', '/answer/admin/api/roles', { token: await adminToken(app) });
    expect(r.body.data).toEqual([
      { id: 1, name: 'User', description: 'Default with no special access.' },
      { id: 2, name: 'Admin', description: 'Have the full power to access the site.' },
      { id: 3, name: 'Moderator', description: 'Has access to all posts except admin settings.' },
    ]);
    const mod = await makeUser(app, { roleId: 3 });
    expect((await app.call('GET', '/answer/admin/api/roles', { token: mod.token })).status).toBe(403);
    expect((await app.call('GET', '/answer/admin/api/roles')).status).toBe(401);
  });

  it('answers permission queries from reputation thresholds', async () => {
    const { token } = await makeUser(app, { rank: 10 });
    const r = await app.call('GET', `${V1}/permission?action=question.add,question.vote_down,question.close`, { token });
    expect(r.body.data).toEqual({
      'question.add': { has_permission: true, no_permission_tip: '' },
      'question.vote_down': { has_permission: false, no_permission_tip: 'You need at least 125 reputation to do this.' },
      'question.close': { has_permission: false, no_permission_tip: 'Reputation rank fail to meet the condition.' },
    });
    const staff = await app.call('GET', `${V1}/permission?action=question.close`, { token: await adminToken(app) });
    expect(staff.body.data['question.close'].has_permission).toBe(true);
  });
});
