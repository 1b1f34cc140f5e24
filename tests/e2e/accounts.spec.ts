import { expect, test } from '@playwright/test';
import { linkIn, startSmtp, type SmtpCapture } from '../support/smtp';
import { shot, startServer, submitWithCaptcha, type E2EServer } from '../support/e2e-server';
import { expectAccessible } from './question-pages';

test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let smtp: SmtpCapture;

test.beforeAll(async () => {
  server = await startServer();
  smtp = await startSmtp();
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('the install wizard installs the site in five steps', async ({ page }) => {
  await page.goto(server.url + '/');
  await expect(page).toHaveURL(/\/install$/);
  await expect(page.getByRole('heading', { name: 'Install Lantern' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '01-install-language');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await shot(page, '02-install-database');
  // PostgreSQL: the installer really connects, and a server nobody runs is said in the alert
  await page.getByLabel('Database type').selectOption({ label: 'PostgreSQL' });
  await expect(page.getByLabel('Host', { exact: true })).toHaveAttribute('placeholder', '127.0.0.1:5432');
  await shot(page, '02-install-database-postgres');
  await page.getByLabel('Host', { exact: true }).fill('127.0.0.1:1');
  await page.getByLabel('Database name', { exact: true }).fill('lantern');
  await page.getByLabel('User name', { exact: true }).fill('lantern');
  await page.getByLabel('Password', { exact: true }).fill('lantern-password');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
  // the box answers to its label
  await page.getByLabel('Use SSL').check();
  await page.getByLabel('Use SSL').uncheck();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '02-install-database-postgres-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toContainText('no PostgreSQL server answers at that host and port');
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await shot(page, '02-install-database-postgres-failed');
  // then SQLite, as a desktop install keeps it
  await page.getByLabel('Database type').selectOption({ label: 'SQLite (kept in the data folder)' });
  await expect(page.getByLabel('Host', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Site information' })).toBeVisible();
  // client-side rules of the spec first
  await page.getByLabel('Site name', { exact: true }).fill('x'.repeat(31));
  await page.getByLabel('Admin password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByText('Site name up to 30 characters.')).toBeVisible();
  await expect(page.getByText('Password must be at 8-32 characters in length.')).toBeVisible();
  await shot(page, '03-install-site-errors');
  await page.getByLabel('Site name', { exact: true }).fill('Team Lantern');
  await page.getByLabel('Contact email', { exact: true }).fill('team@example.com');
  await page.getByLabel('Admin name', { exact: true }).fill('Site Admin');
  await page.getByLabel('Admin password', { exact: true }).fill('admin-password-1');
  await page.getByLabel('Admin email', { exact: true }).fill('admin@example.com');
  await expectAccessible(page);
  await shot(page, '03-install-site');
  await page.getByRole('button', { name: 'Install' }).click();
  await expect(page.getByRole('heading', { name: 'Installation complete' })).toBeVisible();
  await shot(page, '05-install-done');
  await page.getByRole('link', { name: 'Go to the site' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Team Lantern' })).toBeVisible();
  await expect(page).toHaveTitle('Home - Team Lantern');
  await shot(page, '06-home');
  // the installer refuses once installed
  const again = await page.request.post(server.url + '/installation/init', { data: { db_type: 'sqlite3' } });
  expect((await again.json()).reason).toBe('error.database.already_installed');
});

test('the admin points mail at the local SMTP server and turns the captcha on (it ships off)', async ({ request }) => {
  const login = await request.post(server.url + '/answer/api/v1/user/login/email', {
    data: { e_mail: 'admin@example.com', pass: 'admin-password-1' },
  });
  const token = (await login.json()).data.access_token as string;
  const r = await request.put(server.url + '/answer/admin/api/setting/smtp', {
    headers: { Authorization: token },
    data: {
      from_email: 'lantern@example.com',
      from_name: 'Lantern',
      smtp_host: '127.0.0.1',
      smtp_port: smtp.port,
      smtp_authentication: false,
      encryption: '',
    },
  });
  expect(r.status()).toBe(200);
  // Lantern's own UI shows its captcha (altcha's proof of work) once an admin switches it on
  const captcha = await request.put(server.url + '/answer/admin/api/plugin/status', {
    headers: { Authorization: token },
    data: { plugin_slug_name: 'lantern_captcha', enabled: true },
  });
  expect(captcha.status()).toBe(200);
});

test('sign up, activate from the mail, log out, log in, log out', async ({ page }) => {
  await page.goto(server.url + '/users/register');
  await expect(page.getByRole('heading', { name: 'Join Team Lantern' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Name cannot be empty.')).toBeVisible();
  await expect(page.getByText('Email cannot be empty.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '07-signup-errors');
  await page.getByLabel('Display name', { exact: true }).fill('Grace Hopper');
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('Password', { exact: true }).fill('grace-password-1');
  await submitWithCaptcha(
    page,
    server,
    () => page.getByRole('button', { name: 'Sign up' }).click(),
    async () => {
      // altcha's box, unticked
      await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
      await shot(page, '08-signup-captcha');
    },
  );
  await expect(page).toHaveURL(/\/users\/inactive$/);
  await expect(page.getByText('We sent an activation link to grace@example.com')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '09-inactive');

  const mail = await smtp.waitFor('grace@example.com');
  const link = linkIn(mail.raw, '/users/account-activation?code=');
  await page.goto(server.url + link.pathname + link.search);
  await expect(page).toHaveURL(/\/users\/account-activation\/success$/);
  await expect(page.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  await shot(page, '10-activation-success');

  await page.goto(server.url + '/');
  await expect(page.getByTestId('current-user')).toHaveText('Grace Hopper');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();

  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Team Lantern' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email and password do not match.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, '11-login-error');
  await page.getByLabel('Password', { exact: true }).fill('grace-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText('Grace Hopper');
  await shot(page, '12-logged-in');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('a used activation link lands on the activation-failed page', async ({ page }) => {
  const mail = await smtp.waitFor('grace@example.com');
  const link = linkIn(mail.raw, '/users/account-activation?code=');
  await page.goto(server.url + link.pathname + link.search);
  await expect(page).toHaveURL(/\/users\/account-activation\/failed$/);
  await expect(page.getByRole('heading', { name: 'This activation link is invalid' })).toBeVisible();
  await shot(page, '13-activation-failed');
});

test('account recovery sends a reset link that sets a new password', async ({ page }) => {
  await page.goto(server.url + '/users/account-recovery');
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await submitWithCaptcha(page, server, () => page.getByRole('button', { name: 'Send recovery email' }).click());
  await expect(page.getByText('If grace@example.com belongs to an account')).toBeVisible();
  await shot(page, '14-recovery-sent');
  const mail = await smtp.waitFor('grace@example.com', 2);
  const link = linkIn(mail.raw, '/users/password-reset?code=');
  await page.goto(server.url + link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('grace-password-2');
  await page.getByLabel('Confirm password', { exact: true }).fill('grace-password-x');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The two passwords do not match.')).toBeVisible();
  await shot(page, '15-password-reset');
  await page.getByLabel('Confirm password', { exact: true }).fill('grace-password-2');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/\/users\/login$/);
  await page.getByLabel('Email', { exact: true }).fill('grace@example.com');
  await page.getByLabel('Password', { exact: true }).fill('grace-password-2');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText('Grace Hopper');
});

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto(server.url + '/no/such/page');
  await expect(page.getByText("Unfortunately, this page doesn't exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to homepage' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '16-not-found');
});

test('a site that requires login sends visitors to login and back to their page after it', async ({ page, request }) => {
  const login = await request.post(server.url + '/answer/api/v1/user/login/email', {
    data: { e_mail: 'admin@example.com', pass: 'admin-password-1' },
  });
  const token = (await login.json()).data.access_token as string;
  await request.put(server.url + '/answer/admin/api/siteinfo/login', { headers: { Authorization: token }, data: { login_required: true } });
  await page.goto(server.url + '/tos');
  await expect(page.getByRole('heading', { name: 'Terms of service' })).toBeVisible();
  await page.goto(server.url + '/questions');
  await expect(page).toHaveURL(/\/users\/login$/);
  await shot(page, '17-private-login');
  await page.getByLabel('Email', { exact: true }).fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('admin-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/questions$/);
  await request.put(server.url + '/answer/admin/api/siteinfo/login', {
    headers: { Authorization: token },
    data: { login_required: false },
  });
});

test('an inactive user is kept on the inactive page and can resend the link', async ({ page }) => {
  await page.goto(server.url + '/users/register');
  await page.getByLabel('Display name', { exact: true }).fill('Ivy Inactive');
  await page.getByLabel('Email', { exact: true }).fill('ivy@example.com');
  await page.getByLabel('Password', { exact: true }).fill('ivy-password-1');
  await submitWithCaptcha(page, server, () => page.getByRole('button', { name: 'Sign up' }).click());
  await expect(page).toHaveURL(/\/users\/inactive$/);
  await submitWithCaptcha(page, server, () => page.getByRole('button', { name: 'Resend activation email' }).click());
  await expect(page.getByText('Sent successfully')).toBeVisible();
  await smtp.waitFor('ivy@example.com', 2);
  await shot(page, '18-inactive-resent');
});
