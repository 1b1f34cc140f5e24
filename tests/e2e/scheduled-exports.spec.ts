import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/fixtures';
import { INSTALLED, type E2EServer } from '../support/e2e-server';
import { expectAccessible } from './question-pages';

// Scheduled exports in a LAN browser against the built server: the admin picks a folder, a time
// and a backup, saves, runs the exports now, sees the run recorded on the Backups page and on the
// dashboard's card, and finds the backup in the folder.
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };
let server: E2EServer;
let parent: string;

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  parent = mkdtempSync(join(tmpdir(), 'lantern-e2e-exports-'));
});
test.afterAll(() => rmSync(parent, { recursive: true, force: true }));

test('choose a folder, run the exports now, and see the run on the Backups page and the dashboard', async ({ pageAs }) => {
  test.setTimeout(120_000);
  const folder = join(parent, 'nightly');
  const page = await pageAs(ADMIN, { height: 1400 });
  await page.goto(`${server.url}/admin/backups`);
  const section = page.getByRole('region', { name: 'Scheduled exports' });
  await expect(section.getByText('The exports have not run yet.')).toBeVisible();

  await section.getByLabel('Folder').fill('not/absolute');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('alert')).toContainText('absolute path');

  await section.getByLabel('Write the exports every day').check();
  await section.getByLabel('Folder').fill(folder);
  await section.getByLabel('At (time of day)').fill('04:15');
  await section.getByLabel('Static archive').uncheck();
  await section.getByLabel('Backup', { exact: true }).check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByText('Saved.')).toBeVisible();
  await expect(section.getByText(/^Next run: /)).toBeVisible();

  await section.getByRole('button', { name: 'Run now' }).click();
  await expect(section.getByText('Written', { exact: true })).toBeVisible({ timeout: 60_000 });
  const backups = readdirSync(join(folder, 'backups'));
  expect(backups).toHaveLength(1);
  await expect(section.getByText(`Backup: backups/${backups[0]}`)).toBeVisible();
  await expectAccessible(page);

  await page.goto(`${server.url}/admin/dashboard`);
  const card = page.getByRole('region', { name: 'Scheduled exports' });
  await expect(card.getByText('Written', { exact: true })).toBeVisible();
  await expect(card.getByText(folder)).toBeVisible();
});
