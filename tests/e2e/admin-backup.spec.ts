import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { INSTALLED, shot, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible } from './question-pages';

// Admin → Backups in a LAN browser against the built server: back up now (progress, then the
// backup listed with its size and date), change the site, restore the backup from the list (the
// site goes through the maintenance page and comes back with the backup's data), and a damaged
// upload refused with the data as it was.
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };
let server: E2EServer;
let api: Api;

async function siteName(): Promise<string> {
  return (await api.call('GET', '/api/v1/siteinfo')).data.general.name as string;
}

async function renameSite(name: string): Promise<void> {
  const general = (await api.call('GET', '/admin/api/siteinfo/general')).data;
  expect((await api.call('PUT', '/admin/api/siteinfo/general', { ...general, name })).code).toBe(200);
}

/**
 * Holds the maintenance page's first look at the restore until `release` is called, so the page
 * can be seen (and photographed) while the restore runs; later looks pass straight through.
 */
async function holdFirstJobPoll(page: Page): Promise<{ seen: Promise<void>; release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let markSeen!: () => void;
  const seen = new Promise<void>((r) => (markSeen = r));
  let held = false;
  await page.route('**/answer/admin/api/backups/job', async (route) => {
    if (!held) {
      held = true;
      markSeen();
      await released;
    }
    await route.continue();
  });
  return { seen, release };
}

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
});

test('back up now, restore it from the list through the maintenance page, and a damaged upload changes nothing', async ({ pageAs }) => {
  test.setTimeout(180_000);
  const page = await pageAs(ADMIN, { height: 900 });
  await page.goto(`${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await expect(page.getByText('No backups yet.')).toBeVisible();
  await expect(page.getByLabel('Back up every day')).not.toBeChecked();
  await expectAccessible(page);
  await shot(page, 'admin-backup-empty');

  // back up now: the new backup in the list, with its size and date
  await page.getByRole('button', { name: 'Back up now' }).click();
  await expect(page.getByText(/^Backup written: lantern-\d{4}-\d{2}-\d{2}T[\d-]+Z\.tar\.gz\.$/)).toBeVisible();
  const row = page.locator('table.backup-table tbody tr');
  await expect(row).toHaveCount(1);
  const name = (await row.locator('th').innerText()).trim();
  expect(name).toMatch(/^lantern-.*\.tar\.gz$/);
  await expect(row.locator('td').nth(1)).toHaveText(/\d+(\.\d)? (KB|MB)/);
  await expect(row.locator('td').nth(2)).toHaveText('By hand');
  await expectAccessible(page);
  await shot(page, 'admin-backup-listed');

  // the site changes after the backup
  await renameSite('Renamed after the backup');
  expect(await siteName()).toBe('Renamed after the backup');

  // restore it: confirm, the maintenance page while it runs, then back on Backups with the result
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('alertdialog', { name: 'Replace the site’s data?' })).toBeVisible();
  await shot(page, 'admin-backup-confirm');
  const hold = await holdFirstJobPoll(page);
  await page.getByRole('button', { name: `Yes, restore ${name}` }).click();
  await hold.seen;
  await expect(page).toHaveURL(/\/maintenance\?back=%2Fadmin%2Fbackups&job=restore$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeVisible();
  await expect(page.getByText("We are under maintenance, we'll be back soon.")).toBeVisible();
  await expect(page.getByText('The site will come back by itself when the work is done.')).toBeVisible();
  await shot(page, 'admin-backup-maintenance');
  hold.release();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(
    page.getByText(new RegExp(`^Restored ${name.replace(/\./g, '\\.')}: 0 questions, 0 answers, 1 users, 0 files\\.$`)),
  ).toBeVisible();
  expect(await siteName()).toBe(INSTALLED.SITE_NAME);
  await expectAccessible(page);
  await shot(page, 'admin-backup-restored');

  // a damaged file: refused after the check, nothing changed
  await renameSite('Kept through a refused restore');
  await page
    .getByLabel('Backup file (.tar.gz)')
    .setInputFiles({ name: 'broken.tar.gz', mimeType: 'application/gzip', buffer: Buffer.from('this is not a backup at all') });
  await page.getByRole('button', { name: 'Restore from file' }).click();
  await page.getByRole('button', { name: 'Yes, restore broken.tar.gz' }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByText(/^Nothing was changed\. This file is not a Lantern backup/)).toBeVisible();
  expect(await siteName()).toBe('Kept through a refused restore');
  await expect(page.locator('table.backup-table tbody tr')).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'admin-backup-refused');

  // the schedule is saved
  await page.getByLabel('Back up every day').check();
  await page.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  expect((await api.call('GET', '/admin/api/backups/schedule')).data).toEqual({ enabled: true, hour: 3, keep: 7 });
});

test('the Backups page on a narrow screen', async ({ pageAs }) => {
  const page = await pageAs(ADMIN, { width: 390, height: 900 });
  await page.goto(`${server.url}/admin/backups`);
  await expect(page.locator('table.backup-table tbody tr')).toHaveCount(1);
  await expectAccessible(page);
  await shot(page, 'admin-backup-narrow');
});

test('Export (Stack Exchange .zip) downloads a zip holding Posts.xml', async ({ pageAs }) => {
  test.setTimeout(120_000);
  const page = await pageAs(ADMIN, { height: 900 });
  await page.goto(`${server.url}/admin/backups`);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export (Stack Exchange .zip)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lantern-stackexchange-\d{4}-\d{2}-\d{2}\.zip$/);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(await download.path());
  const { fromBuffer } = await import('yauzl');
  const names = await new Promise<string[]>((resolve, reject) =>
    fromBuffer(bytes, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err);
      const seen: string[] = [];
      zip
        .on('entry', (e: { fileName: string }) => seen.push(e.fileName))
        .on('end', () => resolve(seen))
        .on('error', reject);
    }),
  );
  expect(names).toEqual(expect.arrayContaining(['Posts.xml', 'Users.xml', 'Comments.xml', 'Tags.xml', 'lantern-export.json']));
  await expect(page.getByRole('button', { name: 'Export (Stack Exchange .zip)' })).toBeEnabled();
});
