import { type Page } from '@playwright/test';
import { shot, type E2EServer } from '../support/e2e-server';
import { expect, test } from '../support/fixtures';
import { expectAccessible, expectContrast } from './question-pages';

// The captcha in Lantern's own UI: altcha's proof of work, solved in the browser's worker and sent as
// captcha_code. Registration always asks once an admin switches the captcha on; the box is ticked
// from the keyboard (Tab to it, Space), as a keyboard or screen-reader user would.

test.describe.configure({ mode: 'parallel' });

let server: E2EServer;
/** The file's server on this worker, with the captcha switched on (once per server). */
test.beforeEach(async ({ server: mine, seed }) => {
  server = mine;
  await mine.once('captcha-on', async () => {
    const on = await seed.call('PUT', '/admin/api/plugin/status', { plugin_slug_name: 'lantern_captcha', enabled: true });
    expect(on.code).toBe(200);
  });
});

async function openSignUp(page: Page, n: number) {
  await page.goto(server.url + '/users/register');
  await page.getByLabel('Display name', { exact: true }).fill(`Altcha Person ${n}`);
  await page.getByLabel('Email', { exact: true }).fill(`altcha${n}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('altcha-password-1');
  const record = page.waitForResponse((r) => r.url().includes('/user/action/record'));
  await page.getByRole('button', { name: 'Sign up' }).click();
  const body = (await (await record).json()) as { data: { verify: boolean; captcha_img: string; altcha?: unknown } };
  // the page asked for altcha (a secure origin: 127.0.0.1), so no image came
  expect(body.data).toMatchObject({ verify: true, captcha_img: '' });
  expect(body.data.altcha).toBeTruthy();
  const dialog = page.getByRole('dialog', { name: 'Verification' });
  await expect(dialog.getByRole('checkbox', { name: "I'm not a robot" })).not.toBeChecked();
  // its name follows its state (Verifying…, Verified)
  return { dialog, box: dialog.getByRole('checkbox') };
}

test('signs up through the altcha widget, ticked from the keyboard', async ({ anonPage: page }) => {
  const { dialog, box } = await openSignUp(page, 1);
  await expectAccessible(page);
  await shot(page, 'captcha-altcha-light');

  const sent = page.waitForRequest((r) => r.url().endsWith('/user/register/email') && r.method() === 'POST');
  await box.focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(box).toBeChecked();
  await shot(page, 'captcha-altcha-verified');
  await dialog.getByRole('button', { name: 'Verify' }).click();

  // the widget's payload went out as captcha_code with the challenge's id, and the account was made
  const form = (await sent).postDataJSON() as { captcha_id: string; captcha_code: string };
  expect(form.captcha_id).toMatch(/^altcha-/);
  const payload = JSON.parse(Buffer.from(form.captcha_code, 'base64').toString('utf8')) as { solution: { counter: number } };
  expect(payload.solution.counter).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/users\/inactive$/);
  await expect(page.getByText('We sent an activation link to altcha1@example.com')).toBeVisible();
});

test('draws the widget in the dark scheme too', async ({ pageAs }) => {
  const page = await pageAs(null, { dark: true });
  await openSignUp(page, 2);
  await expectContrast(page);
  await shot(page, 'captcha-altcha-dark');
});
