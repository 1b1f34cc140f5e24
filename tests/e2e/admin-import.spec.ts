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

/** A zip as `lantern export-se` writes it, with one question showing one upload (a 1x1 PNG) under uploads/. */
async function exportZipWithPicture(): Promise<Buffer> {
  const { ZipFile } = await import('yazl');
  const rel = `post/${'c'.repeat(24)}.png`;
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d5b0a80000000049454e44ae426082',
    'hex',
  );
  const posts = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<posts>',
    `  <row Id="1" PostTypeId="1" CreationDate="2024-03-01T10:00:00.000" Score="2" Title="Which lamp oil smokes least?" Tags="&lt;oil&gt;" Body="&lt;p&gt;This one smokes: &lt;img src=&quot;/uploads/${rel}&quot; alt=&quot;lamp&quot;&gt;&lt;/p&gt;" />`,
    '</posts>',
  ].join('\n');
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(posts), 'Posts.xml');
  zip.addBuffer(png, `uploads/${rel}`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

test('a Lantern export zip brings its pictures back, counted as uploaded files in the summary', async ({ pageAs, server }) => {
  const page = await pageAs('admin');
  await page.goto(`${server.url}/admin/import`);
  await page
    .getByLabel('Dump files')
    .setInputFiles({ name: 'lantern-stackexchange.zip', mimeType: 'application/zip', buffer: await exportZipWithPicture() });
  await page.getByLabel('Site of the dump').fill('lamps.example.org');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText(/Imported lamps\.example\.org in /)).toBeVisible({ timeout: 60_000 });
  const row = page.locator('table.import-summary tbody tr', { has: page.getByRole('rowheader', { name: 'Uploaded files', exact: true }) });
  await expect(row.locator('td')).toHaveText(['1', '1', '0', '0']);
  await expectAccessible(page);
  await shot(page, 'admin-import-uploads');
  for (const [width, dark, name] of [
    [390, false, 'phone'],
    [1280, true, 'dark'],
  ] as const) {
    const other = await pageAs('admin', { width, dark });
    await other.goto(`${server.url}/admin/import`);
    await expect(other.getByRole('rowheader', { name: 'Uploaded files', exact: true })).toBeVisible();
    await shot(other, `admin-import-uploads-${name}`);
    await other.context().close();
  }
  // the picture is served by the site again
  const picture = await page.request.get(`${server.url}/uploads/post/${'c'.repeat(24)}.png`);
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
});
