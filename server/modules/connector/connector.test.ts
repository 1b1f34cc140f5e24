import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser, useSmtp } from '../../../tests/support/accounts.js';
import { linkIn, startSmtp, type SmtpCapture } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { pluginRegistry, type ConnectorPlugin, type ExternalUserInfo } from '../plugin/plugin.registry.js';
import { allExternalLogins, userExternalLogins } from '../external-login/external-login-common.service.js';

let app: TestApp;
let smtp: SmtpCapture;
beforeEach(async () => {
  app = await startTestApp();
  await captchaOff(app);
  smtp = await startSmtp();
  await useSmtp(app, smtp.port);
});
afterEach(async () => {
  await app.stop();
  await smtp.close();
});

const V1 = '/answer/api/v1';
const SITE = 'http://127.0.0.1';

/** A connector whose "platform" hands back the user encoded in the callback's code. */
const fake: ConnectorPlugin = {
  slug_name: 'fake_oauth',
  name: 'Fake OAuth',
  description: 'Signs in with a pretend platform.',
  version: '1.0.0',
  kind: 'connector',
  defaultEnabled: true,
  logoSvg: '<svg></svg>',
  configFields: [{ name: 'client_id', type: 'input', title: 'Client id', default: 'cid-1' }],
  sender: ({ config }, receiver) =>
    `https://auth.example.com/authorize?client_id=${String(config.client_id)}&redirect_uri=${encodeURIComponent(receiver)}`,
  receiver: async ({ query }) => {
    if (query.code === 'refused') throw new Error('the platform said no');
    return JSON.parse(Buffer.from(query.code ?? '', 'base64url').toString('utf8')) as ExternalUserInfo;
  },
};
const codeFor = (info: Partial<ExternalUserInfo>) => Buffer.from(JSON.stringify(info)).toString('base64url');
const callback = async (info: Partial<ExternalUserInfo>) => {
  const r = await app.call('GET', `${V1}/connector/redirect/fake_oauth?code=${codeFor(info)}`);
  expect(r.status).toBe(302);
  return r.headers.get('location')!;
};
const tokenOf = (location: string) => new URL(location).searchParams.get('access_token')!;
const me = async (token: string) => (await app.call('GET', `${V1}/user/info`, { token })).body.data;

describe('with no connector installed (the reference without plugins)', () => {
  it('lists none and sends the browser to /50x', async () => {
    expect((await app.call('GET', `${V1}/connector/info`)).body).toMatchObject({ code: 200, data: [] });
    for (const path of ['login', 'redirect']) {
      const r = await app.call('GET', `${V1}/connector/${path}/github`);
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/50x');
    }
    const u = await makeUser(app);
    expect((await app.call('GET', `${V1}/connector/user/info`, { token: u.token })).body.data).toEqual([]);
  });

  it('knows no binding key', async () => {
    const r = await app.call('POST', `${V1}/connector/binding/email`, { body: { binding_key: 'k'.repeat(64), email: 'x@example.com' } });
    expect(r.body).toMatchObject({ code: 400, reason: 'error.user.not_found' });
  });

  it('checks the binding request', async () => {
    const cases: [unknown, string, string][] = [
      [{ email: 'x@example.com' }, 'binding_key', 'Binding key cannot be empty.'],
      [{ binding_key: 'k'.repeat(101), email: 'x@example.com' }, 'binding_key', 'Binding key up to 100 characters.'],
      [{ binding_key: 'k', email: 'nope' }, 'email', 'Invalid Email Address.'],
      [{ binding_key: 'k', email: 'x@example.com', must: 'yes' }, 'must', 'Bind anyway is not valid.'],
    ];
    for (const [body, field, message] of cases) {
      const r = await app.call('POST', `${V1}/connector/binding/email`, { body });
      expect(r.status).toBe(400);
      expect(r.body.data).toEqual([{ error_field: field, error_msg: message }]);
    }
  });

  it('unbinds only for active users; a password-less account keeps its last login', async () => {
    expect((await app.call('GET', `${V1}/connector/user/info`)).status).toBe(401);
    expect((await app.call('DELETE', `${V1}/connector/user/unbinding`, { body: { external_id: 'x' } })).status).toBe(401);
    const inactive = await makeUser(app, { mailStatus: 2 });
    expect((await app.call('GET', `${V1}/connector/user/info`, { token: inactive.token })).status).toBe(403);
    const u = await makeUser(app);
    expect(
      (await app.call('DELETE', `${V1}/connector/user/unbinding`, { token: u.token, body: { external_id: 'not-bound' } })).body,
    ).toMatchObject({ code: 200, data: null });
    await app.lantern.ctx.db.updateTable('user').set({ pass: '' }).where('id', '=', u.id).execute();
    const r = await app.call('DELETE', `${V1}/connector/user/unbinding`, { token: u.token, body: { external_id: 'not-bound' } });
    expect(r.body).toMatchObject({ code: 400, reason: 'error.user.external_login_unbinding_forbidden' });
    expect((await app.call('DELETE', `${V1}/connector/user/unbinding`, { token: u.token, body: {} })).body.data).toEqual([
      { error_field: 'external_id', error_msg: 'External account cannot be empty.' },
    ]);
    expect(
      (await app.call('DELETE', `${V1}/connector/user/unbinding`, { token: u.token, body: { external_id: 'e'.repeat(129) } })).body.data,
    ).toEqual([{ error_field: 'external_id', error_msg: 'External account up to 128 characters.' }]);
  });
});

describe('a connector registered in code', () => {
  beforeEach(() => pluginRegistry(app.lantern.ctx).register(fake));

  it('is listed and starts the round trip', async () => {
    expect((await app.call('GET', `${V1}/connector/info`)).body.data).toEqual([
      { name: 'Fake OAuth', icon: '<svg></svg>', link: `${SITE}${V1}/connector/login/fake_oauth` },
    ]);
    const r = await app.call('GET', `${V1}/connector/login/fake_oauth`);
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get('location')!);
    expect(to.origin).toBe('https://auth.example.com');
    expect(to.searchParams.get('client_id')).toBe('cid-1');
    expect(to.searchParams.get('redirect_uri')).toBe(`${SITE}${V1}/connector/redirect/fake_oauth`);
  });

  it('signs a new person up from the platform’s email and logs them in next time', async () => {
    const registered: number[] = [];
    app.lantern.ctx.events.on('user.registered', (e) => void registered.push(e.userId));
    const location = await callback({
      external_id: 'ext-1',
      display_name: 'Platform Pat',
      username: 'pat',
      email: 'Pat@Example.com',
      avatar: 'https://img.example.com/p.png',
    });
    expect(location).toMatch(new RegExp(`^${SITE}/users/auth-landing\\?access_token=[0-9a-f]{64}$`));
    const user = await me(tokenOf(location));
    expect(user).toMatchObject({
      display_name: 'Platform Pat',
      username: 'pat',
      e_mail: 'pat@example.com',
      mail_status: 1,
      rank: 1,
      have_password: false,
      avatar: { type: 'custom', custom: 'https://img.example.com/p.png' },
    });
    const again = await me(tokenOf(await callback({ external_id: 'ext-1', email: 'other@example.com' })));
    expect(again.id).toBe(user.id);
    // announced once (webhooks' user.registered), not again at the next login
    await app.lantern.ctx.events.settle();
    expect(registered.map(String)).toEqual([user.id]);
    const bound = await app.call('GET', `${V1}/connector/user/info`, { token: tokenOf(location) });
    expect(bound.body.data).toEqual([
      { name: 'Fake OAuth', icon: '<svg></svg>', link: `${SITE}${V1}/connector/login/fake_oauth`, binding: true, external_id: 'ext-1' },
    ]);
    // the only way in of a password-less account stays
    const unbind = await app.call('DELETE', `${V1}/connector/user/unbinding`, { token: tokenOf(location), body: { external_id: 'ext-1' } });
    expect(unbind.body.reason).toBe('error.user.external_login_unbinding_forbidden');
  });

  it('binds an existing account with the same email and verifies it', async () => {
    const u = await makeUser(app, { email: 'known@example.com', mailStatus: 2, rank: 0 });
    const user = await me(tokenOf(await callback({ external_id: 'ext-2', email: 'known@example.com' })));
    expect(user).toMatchObject({ id: String(u.id), mail_status: 1, rank: 1 });
    expect(await userExternalLogins(app.lantern.ctx.db, u.id)).toMatchObject([{ provider: 'fake_oauth', external_id: 'ext-2' }]);
    const unbind = await app.call('DELETE', `${V1}/connector/user/unbinding`, {
      token: tokenOf(await callback({ external_id: 'ext-2' })),
      body: { external_id: 'ext-2' },
    });
    expect(unbind.status).toBe(200);
    expect(await userExternalLogins(app.lantern.ctx.db, u.id)).toEqual([]);
  });

  it('asks for an email when the platform gives none, then makes the account', async () => {
    const registered: number[] = [];
    app.lantern.ctx.events.on('user.registered', (e) => void registered.push(e.userId));
    const location = await callback({ external_id: 'ext-3', display_name: 'No Mail' });
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/users/confirm-email`);
    const key = url.searchParams.get('binding_key')!;
    const r = await app.call('POST', `${V1}/connector/binding/email`, { body: { binding_key: key, email: 'given@example.com' } });
    expect(r.body.data).toEqual({ email_exist_and_must_be_confirmed: false, access_token: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const made = await me(r.body.data.access_token);
    expect(made).toMatchObject({ display_name: 'No Mail', e_mail: 'given@example.com', mail_status: 2 });
    await app.lantern.ctx.events.settle();
    expect(registered.map(String)).toEqual([made.id]);
    const code = linkIn((await smtp.waitFor('given@example.com')).raw, '/users/account-activation?code=').searchParams.get('code');
    expect((await app.call('POST', `${V1}/user/email/verification`, { body: { code } })).body.data).toMatchObject({ mail_status: 1 });
    // the key is used up, and the platform account now logs straight in
    expect(
      (await app.call('POST', `${V1}/connector/binding/email`, { body: { binding_key: key, email: 'given@example.com' } })).body.reason,
    ).toBe('error.user.not_found');
    expect((await me(tokenOf(await callback({ external_id: 'ext-3' })))).e_mail).toBe('given@example.com');
  });

  it('binds a taken email only after its owner opens the mailed link', async () => {
    const owner = await makeUser(app, { email: 'owner@example.com' });
    const key = new URL(await callback({ external_id: 'ext-4' })).searchParams.get('binding_key')!;
    const warn = await app.call('POST', `${V1}/connector/binding/email`, { body: { binding_key: key, email: 'owner@example.com' } });
    expect(warn.body.data).toEqual({ email_exist_and_must_be_confirmed: true, access_token: '' });
    const must = await app.call('POST', `${V1}/connector/binding/email`, {
      body: { binding_key: key, email: 'owner@example.com', must: true },
    });
    expect(must.body.data).toEqual({ email_exist_and_must_be_confirmed: false, access_token: '' });
    expect(await allExternalLogins(app.lantern.ctx.db)).toEqual([]);
    const code = linkIn((await smtp.waitFor('owner@example.com')).raw, '/users/account-activation?code=').searchParams.get('code');
    expect((await app.call('POST', `${V1}/user/email/verification`, { body: { code } })).body.data.id).toBe(String(owner.id));
    expect(await userExternalLogins(app.lantern.ctx.db, owner.id)).toMatchObject([{ provider: 'fake_oauth', external_id: 'ext-4' }]);
    expect((await me(tokenOf(await callback({ external_id: 'ext-4' })))).id).toBe(String(owner.id));
  });

  it('sends failures to the error page', async () => {
    const missing = new URL(await callback({ display_name: 'Nobody' }), SITE);
    expect(missing.pathname).toBe('/50x');
    expect(missing.searchParams.get('title')).toBe('Access denied');
    expect(missing.searchParams.get('msg')).toMatch(/does not provide a unique UserID/);
    const refused = await app.call('GET', `${V1}/connector/redirect/fake_oauth?code=refused`);
    expect(refused.headers.get('location')).toBe('/50x');
    const s = await makeUser(app, { email: 'banned@example.com', status: 9 });
    const suspended = new URL(await callback({ external_id: 'ext-5', email: 'banned@example.com' }), SITE);
    expect(suspended.searchParams.get('msg')).toBe('User has been suspended.');
    expect(await userExternalLogins(app.lantern.ctx.db, s.id)).toHaveLength(1);
    const login = app.lantern.ctx.settings;
    await login.put('login', { ...(await login.get('login')), allow_new_registrations: false });
    const closed = new URL(await callback({ external_id: 'ext-6', email: 'late@example.com' }), SITE);
    expect(closed.searchParams.get('msg')).toBe('Currently the site is not open for registration.');
  });

  it('stops when an admin switches it off, and a deleted account loses its bindings', async () => {
    const token = tokenOf(await callback({ external_id: 'ext-7', email: 'seven@example.com' }));
    const id = Number((await me(token)).id);
    const admin = await adminToken(app);
    await app.call('PUT', '/answer/admin/api/user/status', { token: admin, body: { user_id: String(id), status: 'deleted' } });
    expect(await userExternalLogins(app.lantern.ctx.db, id)).toEqual([]);
    await app.call('PUT', '/answer/admin/api/plugin/status', { token: admin, body: { plugin_slug_name: 'fake_oauth', enabled: false } });
    expect((await app.call('GET', `${V1}/connector/info`)).body.data).toEqual([]);
    expect((await app.call('GET', `${V1}/connector/login/fake_oauth`)).headers.get('location')).toBe('/50x');
  });
});
