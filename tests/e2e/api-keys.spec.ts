import { expect, test } from '../support/fixtures';
import { dismissToasts, INSTALLED, openInApp, shot, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible } from './question-pages';

// API keys in a LAN browser against the built server: Admin → API keys makes a read-only key shown
// once, which then reads the admin API and is refused a write, and stops working once deleted; a
// member makes a key of their own in Settings → API keys. Screenshots with LANTERN_SCREENSHOTS=1.

let server: E2EServer;
let api: Api;
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
});

test('Admin → API keys: a read-only key shown once reads, is refused a write, and stops when deleted', async ({ pageAs }) => {
  const page = await pageAs(ADMIN);
  await openInApp(page, `${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Add API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add API key' });
  await dialog.getByLabel('Description').fill('Nightly report');
  await expect(dialog.getByLabel(/^Read-only/)).toBeChecked();
  await dialog.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  const key = await shown.getByLabel('API key').inputValue();
  expect(key).toMatch(/^sk_[0-9a-f]{64}$/);
  await expectAccessible(page);
  await shot(page, 'admin-api-keys-created');
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('row', { name: /Nightly report/ });
  await expect(row).toContainText(`${key.slice(0, 7)}********${key.slice(-4)}`);
  await expect(row).toContainText('Read-only');
  await expect(row).toContainText('Never');
  await expect(page.getByText(key)).toHaveCount(0);

  // the key reads the admin API as the admin, and may not write
  expect((await api.call('GET', '/admin/api/siteinfo/general', undefined, key)).code).toBe(200);
  const write = await api.call(
    'POST',
    '/api/v1/question',
    { title: 'Written with a read-only key', content: 'x'.repeat(20), tags: [] },
    key,
  );
  expect(write.code).toBe(403);

  // its use shows as the last use once the list is read again
  await page.reload();
  await expect(page.getByRole('row', { name: /Nightly report/ })).not.toContainText('Never');
  await dismissToasts(page);
  await expectAccessible(page);
  await shot(page, 'admin-api-keys');

  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete Nightly report' }).click();
  await expect(page.getByText('API key deleted.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Nightly report/ })).toHaveCount(0);
  expect((await api.call('GET', '/admin/api/siteinfo/general', undefined, key)).code).toBe(401);
});

test('Settings → API keys: a member makes a key of their own, which acts as them and not as an admin', async ({ pageAs, seed }) => {
  const member = await seed.user();
  const page = await pageAs(member);
  await openInApp(page, `${server.url}/users/settings/api_keys`);
  await expect(page.getByRole('heading', { level: 2, name: 'API keys' })).toBeVisible();
  await page.getByRole('button', { name: 'Add API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add API key' });
  await dialog.getByLabel('Description').fill('My assistant');
  await dialog.getByLabel(/^Global/).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  const key = await page.getByRole('dialog', { name: 'Your new API key' }).getByLabel('API key').inputValue();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('row', { name: /My assistant/ })).toContainText('Global');
  await expectAccessible(page);
  await shot(page, 'settings-api-keys');

  const info = await api.call('GET', '/api/v1/user/info', undefined, key);
  expect(info.data.id).toBe(member.id);
  expect((await api.call('GET', '/admin/api/siteinfo/general', undefined, key)).code).toBe(403);
});
