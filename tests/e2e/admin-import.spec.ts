import { expect, test } from '../support/fixtures';
import { shot } from '../support/e2e-server';
import { expectAccessible } from './question-pages';

// Admin → Import in a LAN browser against the built server: the screen is in the admin menu and accessible, a
// broken .7z is refused with a message; a moderator gets the 403 page. A real dump uploaded through the page (about a
// minute of importing) is in the long tests: tests/long/admin-import.spec.ts (npm run test:long).
test.describe.configure({ mode: 'parallel' });

test('the Import screen is in the admin menu, accessible, and refuses a broken .7z with a message', async ({ adminPage: page, server }) => {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import from Stack Exchange' })).toBeVisible();
  await expect(page.getByText('No import has run since the server started.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'admin-import-empty');
  await page.getByLabel('Dump files').setInputFiles({
    name: 'history.stackexchange.com.7z',
    mimeType: 'application/x-7z-compressed',
    buffer: Buffer.from('377abcaf271c0004', 'hex'),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('could not be read as a 7-Zip archive');
  await expectAccessible(page);
  await shot(page, 'admin-import-7z-refused');
});

test('a moderator gets the 403 page', async ({ moderatorPage: page, server }) => {
  await page.goto(`${server.url}/admin/import`);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import from Stack Exchange' })).toHaveCount(0);
});
