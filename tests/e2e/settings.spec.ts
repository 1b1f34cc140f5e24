import { expect, test } from '../support/fixtures';
import { linkIn, startSmtp, type SmtpCapture } from '../support/smtp';
import { INSTALLED, shot, submitWithCaptcha, type E2EServer, pooledPage } from '../support/e2e-server';
import { Api, expectAccessible, png } from './question-pages';
import { SettingsPage } from './settings-pages';

// The user's settings in a LAN browser against the built server: profile (with an uploaded
// avatar), notifications, account (email change by mail link, password change then log in with
// it, my logins) and interface (language and color scheme), for anonymous visitors and members.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let smtp: SmtpCapture;
let api: Api;
const GRACE = { email: 'grace@example.com', pass: 'grace-password-1' };
const BOB = { email: 'bob@example.com', pass: 'bob-password-1' };

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  smtp = await startSmtp();
  api = new Api(server);
  api.token = await api.tokenOf(INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  // uploads and mail links are made under the site URL: point it at this server
  expect(
    (
      await api.call('PUT', '/admin/api/siteinfo/general', {
        name: 'Team Lantern',
        site_url: server.url,
        contact_email: 'team@example.com',
        short_description: '',
        description: '',
      })
    ).code,
  ).toBe(200);
  expect(
    (
      await api.call('PUT', '/admin/api/setting/smtp', {
        from_email: 'lantern@example.com',
        from_name: 'Lantern',
        smtp_host: '127.0.0.1',
        smtp_port: smtp.port,
        smtp_authentication: false,
        encryption: '',
      })
    ).code,
  ).toBe(200);
  expect(
    (await api.call('POST', '/admin/api/users', { users: `grace, ${GRACE.email}, ${GRACE.pass}\nbob, ${BOB.email}, ${BOB.pass}` })).code,
  ).toBe(200);
});
test.afterAll(async () => {
  await smtp?.close();
});

test('an anonymous visitor is sent to log in, and comes back to the settings after it', async ({ page }) => {
  await page.goto(`${server.url}/users/settings/notify`);
  await expect(page).toHaveURL(/\/users\/login$/);
  await page.getByLabel('Email', { exact: true }).fill(GRACE.email);
  await page.getByLabel('Password', { exact: true }).fill(GRACE.pass);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/users\/settings\/notify$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
});

test('a member changes display name, bio and avatar (uploaded) on the profile tab', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const s = new SettingsPage(page, server.url);
  await s.open('', 'Profile');
  await expect(page).toHaveTitle('Profile - Settings - Team Lantern');
  await expect(s.menu.getByRole('link', { name: 'Profile' })).toHaveClass(/active/);
  await expect(s.field('Display name')).toHaveValue('grace');
  await expectAccessible(page);
  await shot(page, '70-settings-profile');

  // the spec's rules before anything is sent
  await s.field('Display name').fill('');
  await s.field('Username').fill('Grace Hopper');
  await s.field('Website').fill('lantern dot example');
  await s.save.click();
  await expect(page.getByText('Display name cannot be empty.')).toBeVisible();
  await expect(page.getByText('Username can only contain a-z, 0-9, - . _')).toBeVisible();
  await expect(page.getByText('URL format is incorrect.')).toBeVisible();
  await expect(s.field('Display name')).toBeFocused();
  await expectAccessible(page);
  await shot(page, '71-settings-profile-errors');

  await s.field('Display name').fill('Grace Hopper');
  await s.field('Username').fill('grace');
  await s.field('Website').fill('https://grace.example.com');
  await s.field('About me').fill('**Lantern** keeper since 1952.');
  await s.field('Location').fill('Arlington');
  await page.getByLabel('Custom', { exact: true }).check();
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/answer/api/v1/file') && r.request().method() === 'POST');
  await page.getByTestId('avatar-file').setInputFiles({ name: 'grace.png', mimeType: 'image/png', buffer: png(64, 64, [200, 120, 30]) });
  expect((await uploaded).status()).toBe(200);
  await expect(page.getByRole('button', { name: 'Change image' })).toBeVisible();
  const preview = page.getByRole('img', { name: 'Preview of your profile image' }).locator('img');
  await expect(preview).toHaveAttribute('src', /\/uploads\/avatar\/[a-f0-9]{24}\.png$/);
  await expect(preview).not.toHaveClass(/pending/);
  await s.save.click();
  await s.expectToast('update success');
  // the session's user is refreshed: the header shows the new name
  await expect(page.getByTestId('current-user')).toHaveText('Grace Hopper');

  await page.reload();
  await expect(s.field('Display name')).toHaveValue('Grace Hopper');
  await expect(s.field('About me')).toHaveValue('**Lantern** keeper since 1952.');
  await expect(page.getByLabel('Custom', { exact: true })).toBeChecked();
  const mine = await api.call('GET', '/api/v1/personal/user/info?username=grace');
  expect(mine.data.bio_html).toContain('<strong>Lantern</strong>');
  expect(mine.data.website).toBe('https://grace.example.com');
  expect(mine.data.avatar).toMatch(/\/uploads\/avatar\/[a-f0-9]{24}\.png$/);
  await page.context().close();
});

test('notification settings are saved and come back after a reload', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const s = new SettingsPage(page, server.url);
  await s.open('notify', 'Notifications');
  await expect(s.field('Inbox notifications')).toBeChecked();
  await expect(s.field('All new questions')).not.toBeChecked();
  await s.field('Inbox notifications').uncheck();
  await s.field('All new questions').check();
  await s.field('All new questions for following tags').check();
  await s.save.click();
  await s.expectToast('update success');
  await expectAccessible(page);
  await shot(page, '72-settings-notify');
  await page.reload();
  await expect(s.field('Inbox notifications')).not.toBeChecked();
  await expect(s.field('All new questions')).toBeChecked();
  await expect(s.field('All new questions for following tags')).toBeChecked();
  await page.context().close();
});

test('a member asks to change the email; the link in the mail applies it', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const s = new SettingsPage(page, server.url);
  await s.open('account', 'Account');
  const email = s.section('Email');
  await expect(email.getByText('Your email address is grace@example.com.')).toBeVisible();
  await expect(s.section('My logins').getByText('No third-party login is enabled on this site.')).toBeVisible();
  await email.getByLabel('New email', { exact: true }).fill('bob@example.com');
  await email.getByLabel('Current password', { exact: true }).fill(GRACE.pass);
  await submitWithCaptcha(page, server, () => email.getByRole('button', { name: 'Send confirmation link' }).click());
  await expect(email.getByText('Email already exists.')).toBeVisible();
  await email.getByLabel('New email', { exact: true }).fill('grace.hopper@example.com');
  await email.getByLabel('Current password', { exact: true }).fill(GRACE.pass);
  await submitWithCaptcha(page, server, () => email.getByRole('button', { name: 'Send confirmation link' }).click());
  await s.expectToast('Sent successfully');
  await expect(email.getByText("We've sent an email to that address. Please follow the confirmation instructions.")).toBeVisible();
  await expectAccessible(page);
  await shot(page, '73-settings-account');

  const mail = await smtp.waitFor('grace.hopper@example.com');
  const link = linkIn(mail.raw, '/users/confirm-new-email?code=');
  await page.goto(server.url + link.pathname + link.search);
  await expect(page).toHaveURL(/\/users\/account-activation\/success$/);
  await s.open('account', 'Account');
  await expect(s.section('Email').getByText('Your email address is grace.hopper@example.com.')).toBeVisible();
  GRACE.email = 'grace.hopper@example.com';
  await page.context().close();
});

test('a member changes the password, then logs in with the new one', async ({ browser, pageAs }) => {
  const page = await pageAs(BOB);
  const s = new SettingsPage(page, server.url);
  await s.open('account', 'Account');
  const form = s.section('Password');
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('short');
  await form.getByLabel('Confirm new password', { exact: true }).fill('other');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Password must be at 8-32 characters in length.')).toBeVisible();
  await expect(form.getByText('The two passwords do not match.')).toBeVisible();
  await form.getByLabel('New password', { exact: true }).fill('bob-password-2');
  await form.getByLabel('Confirm new password', { exact: true }).fill('bob-password-2');
  await submitWithCaptcha(page, server, () => form.getByRole('button', { name: 'Change password' }).click());
  await expect(form.getByText('The old password verification failed.')).toBeVisible();
  await expect(form.getByLabel('Current password', { exact: true })).toBeFocused();
  await expectAccessible(page);
  await shot(page, '74-settings-password-errors');
  await form.getByLabel('Current password', { exact: true }).fill(BOB.pass);
  await submitWithCaptcha(page, server, () => form.getByRole('button', { name: 'Change password' }).click());
  await s.expectToast('Password changed successfully.');
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');
  await page.context().close();

  // a fresh browser logs in with the new password (the old one no longer works)
  const fresh = await pooledPage(browser);
  await fresh.goto(`${server.url}/users/login`);
  await fresh.getByLabel('Email', { exact: true }).fill(BOB.email);
  await fresh.getByLabel('Password', { exact: true }).fill(BOB.pass);
  await fresh.getByRole('button', { name: 'Log in' }).click();
  await expect(fresh.getByText('Email and password do not match.')).toBeVisible();
  await fresh.getByLabel('Password', { exact: true }).fill('bob-password-2');
  await fresh.getByRole('button', { name: 'Log in' }).click();
  await expect(fresh.getByTestId('current-user')).toHaveText('bob');
  await fresh.context().close();
});

test('a member switches the interface to Chinese and the dark scheme, applied at once and kept', async ({ pageAs }) => {
  const page = await pageAs(GRACE);
  const s = new SettingsPage(page, server.url);
  await s.open('interface', 'Interface');
  await expect(s.field('Interface language')).toHaveValue('Default');
  await expect(page.getByLabel('Site default', { exact: true })).toBeChecked();
  await s.field('Interface language').selectOption('zh_CN');
  await page.getByLabel('Dark', { exact: true }).check();
  await s.save.click();
  // texts turn Chinese and the page turns dark without a reload
  await expect(page.getByRole('heading', { level: 1, name: '设置' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '问题' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('.p-toast').getByText('更新成功')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '75-settings-interface-zh-dark');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: '界面' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByLabel('深色', { exact: true })).toBeChecked();
  await expect(page.getByLabel('界面语言', { exact: true })).toHaveValue('zh_CN');
  // back to the defaults
  await page.getByLabel('界面语言', { exact: true }).selectOption('Default');
  await page.getByLabel('站点默认', { exact: true }).check();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await page.context().close();
});

test('on a phone the menu sits above the panel and nothing overflows', async ({ pageAs }) => {
  const page = await pageAs({ email: BOB.email, pass: 'bob-password-2' }, { width: 360, height: 740 });
  const s = new SettingsPage(page, server.url);
  await s.open('profile', 'Profile');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page);
  await shot(page, '76-settings-profile-phone');
  await s.open('account', 'Account');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, '77-settings-account-phone');
  await page.context().close();
});

test('the admin has the same settings; an unknown plugin tab is the 404 page', async ({ pageAs }) => {
  const page = await pageAs({ email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD });
  const s = new SettingsPage(page, server.url);
  await s.open('profile', 'Profile');
  await expect(s.field('Username')).toHaveValue('admin');
  await page.goto(`${server.url}/users/settings/no-such-plugin`);
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '78-settings-unknown-plugin-404');
  await page.context().close();
});

test('in the dark scheme the profile, with its uploaded avatar, stays readable', async ({ pageAs }) => {
  const grace = new Api(server);
  grace.token = await grace.tokenOf(GRACE.email, GRACE.pass);
  expect((await grace.call('PUT', '/api/v1/user/interface', { language: 'Default', color_scheme: 'dark' })).code).toBe(200);
  const page = await pageAs(GRACE);
  const s = new SettingsPage(page, server.url);
  await s.open('profile', 'Profile');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('img', { name: 'Preview of your profile image' }).locator('img')).toHaveAttribute(
    'src',
    /\/uploads\/avatar\//,
  );
  await expectAccessible(page);
  await shot(page, '79-settings-profile-dark');
  await page.context().close();
});
