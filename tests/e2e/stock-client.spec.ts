import { expect, test, type APIRequestContext } from '@playwright/test';
import { INSTALLED, shot, startServer, type E2EServer } from '../support/e2e-server';

// A stock Apache Answer v1.5.1 web client against Lantern's default configuration, through the
// API exactly as that client calls it: axios's Accept header, the token in the Authorization
// header, no captcha fields unless GET user/action/record asks for them (it draws no plugin captcha).

test.describe.configure({ mode: 'serial' });

const V1 = '/answer/api/v1';
const AXIOS = { Accept: 'application/json, text/plain, */*', 'Accept-Language': 'en_US' };

let server: E2EServer;
let token = '';

test.beforeAll(async () => {
  server = await startServer(INSTALLED);
});
test.afterAll(async () => {
  await server?.stop();
});

async function call(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const headers: Record<string, string> = { ...AXIOS, ...(token ? { Authorization: token } : {}) };
  const r = await request.fetch(server.url + path, { method, headers, data });
  return { status: r.status(), body: (await r.json()) as { code: number; reason: string; msg: string; data: any } };
}

/** What the stock client does before a guarded submit: ask whether a captcha is needed. */
async function needsCaptcha(request: APIRequestContext, action: string): Promise<boolean> {
  const r = await call(request, 'GET', `${V1}/user/action/record?action=${action}`);
  expect(r.status).toBe(200);
  return r.body.data.verify as boolean;
}

test('the default configuration ships no captcha the stock client would have to draw', async ({ request }) => {
  const status = await call(request, 'GET', `${V1}/plugin/status`);
  expect(status.body.data).toContainEqual({ slug_name: 'lantern_captcha', enabled: false });
  expect((await call(request, 'GET', `${V1}/captcha/config`)).body.data).toEqual({ slug_name: '', config: null });
  // the root is the UI page
  const root = await request.get(server.url + '/', { headers: AXIOS });
  expect(root.status()).toBe(200);
  expect(root.headers()['content-type']).toContain('text/html');
});

test('signs up without captcha fields', async ({ request }) => {
  expect(await needsCaptcha(request, 'email')).toBe(false);
  const r = await call(request, 'POST', `${V1}/user/register/email`, {
    name: 'Stock Client',
    e_mail: 'stock@example.com',
    pass: 'stock-password-1',
  });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ display_name: 'Stock Client', e_mail: 'stock@example.com', status: 'inactive' });
  token = r.body.data.access_token;
  const me = await call(request, 'GET', `${V1}/user/info`);
  // an empty avatar type: the stock profile form then selects its "System" choice, sent as "default"
  expect(me.body.data.avatar).toEqual({ type: '', gravatar: '', custom: '' });
});

test('saves the profile form with avatar type "default"', async ({ request }) => {
  // the account must be active to edit its profile: an admin activates it, as from the admin users page
  const admin = await request.post(server.url + `${V1}/user/login/email`, {
    headers: AXIOS,
    data: { e_mail: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD },
  });
  const adminToken = ((await admin.json()) as { data: { access_token: string } }).data.access_token;
  const me = await call(request, 'GET', `${V1}/user/info`);
  const activate = await request.put(server.url + '/answer/admin/api/user/status', {
    headers: { ...AXIOS, Authorization: adminToken },
    data: { user_id: me.body.data.id, status: 'normal' },
  });
  expect(activate.status()).toBe(200);

  const form = {
    display_name: 'Stock Client Renamed',
    username: me.body.data.username,
    avatar: { type: 'default', gravatar: '', custom: '' },
    bio: 'I use the stock UI.',
    website: 'https://example.org',
    location: 'Lisbon',
  };
  const saved = await call(request, 'PUT', `${V1}/user/info`, form);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const after = await call(request, 'GET', `${V1}/user/info`);
  expect(after.body.data).toMatchObject({
    display_name: 'Stock Client Renamed',
    bio: 'I use the stock UI.',
    website: 'https://example.org',
    location: 'Lisbon',
    avatar: { type: 'system' },
  });
});

test('logs in after three wrong passwords, and gets a clear rate-limit answer once the limit is really reached', async ({ request }) => {
  token = '';
  const login = (pass: string) => call(request, 'POST', `${V1}/user/login/email`, { e_mail: 'stock@example.com', pass });
  for (let i = 0; i < 3; i++) {
    expect(await needsCaptcha(request, 'password')).toBe(false);
    const wrong = await login('wrong-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ reason: 'error.object.email_or_password_incorrect', data: [{ error_field: 'e_mail' }] });
  }
  expect(await needsCaptcha(request, 'password')).toBe(false);
  const ok = await login('stock-password-1');
  expect(ok.status).toBe(200);
  expect(ok.body.data.access_token).toMatch(/^[0-9a-f]{64}$/);

  // the default limit: five failures of one account (the success above cleared the earlier three)
  const answers: number[] = [];
  let limited: Awaited<ReturnType<typeof login>> | undefined;
  for (let i = 0; i < 10 && !limited; i++) {
    const r = await login('wrong-password');
    answers.push(r.status);
    if (r.status === 429) limited = r;
  }
  expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
  expect(limited!.body).toMatchObject({ code: 429, reason: 'error.user.too_many_attempts', data: { err_type: 'toast' } });
  expect(limited!.body.msg).toMatch(/^Too many attempts, try again in \d+ s\.$/);
  expect(limited!.body.data.retry_after).toBeGreaterThan(0);
  // even the right password waits now
  expect((await login('stock-password-1')).status).toBe(429);
});

test("Lantern's own login page shows the same limit as a clear message", async ({ page }) => {
  await page.goto(server.url + '/users/login');
  await page.getByLabel('Email', { exact: true }).fill('stock@example.com');
  await page.getByLabel('Password', { exact: true }).fill('stock-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(/Too many attempts, try again in \d+ s\./)).toBeVisible();
  await shot(page, 'stock-client-login-rate-limited');
});
