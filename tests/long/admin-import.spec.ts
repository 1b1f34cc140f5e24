import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { shot } from '../support/e2e-server';
import { expectAccessible, expectContrast } from '../e2e/question-pages';

// Admin → Import with a real dump in a LAN browser against the built server (moved from tests/e2e/admin-import.spec.ts:
// about a minute of importing, so it runs in `npm run test:long`): the history-meta dump's XML files uploaded through
// the page, progress while it runs, the summary with exactly the dump's counts; the same upload again adds nothing.
// Alone: npx playwright test -c tests/playwright.long.config.ts tests/long/admin-import.spec.ts

const DATA = process.env.LANTERN_SE_DATA ?? fileURLToPath(new URL('../../../shared/data/stackexchange', import.meta.url));
const HISTORY = join(DATA, 'history-meta');
const HAVE_DUMPS = existsSync(join(HISTORY, 'Posts.xml'));
const FILES = ['Users.xml', 'Posts.xml', 'Comments.xml', 'Badges.xml'].map((f) => join(HISTORY, f));

/** The summary table's numbers for one kind: rows, imported, already there, skipped. */
async function summaryRow(page: Page, kind: string): Promise<number[]> {
  const row = page.locator('table.import-summary tbody tr', { has: page.getByRole('rowheader', { name: kind, exact: true }) });
  return (await row.locator('td').allInnerTexts()).map((x) => Number(x.replace(/\D/g, '')));
}

async function importThroughPage(page: Page): Promise<void> {
  await page.getByLabel('Dump files').setInputFiles(FILES);
  await expect(page.getByText('4 files chosen: Users.xml, Posts.xml, Comments.xml, Badges.xml')).toBeVisible();
  await page.getByLabel('Site of the dump').fill('meta.history.stackexchange.com');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
}

test.describe(() => {
  test.skip(!HAVE_DUMPS, `the Stack Exchange dumps are not at ${DATA} (set LANTERN_SE_DATA)`);

  test('history-meta uploaded through the page: progress, then exactly its counts; the same upload again adds nothing', async ({
    pageAs,
    server,
    seed,
  }) => {
    test.setTimeout(600_000);
    const page = await pageAs('admin');
    await page.goto(`${server.url}/admin/import`);
    await importThroughPage(page);
    // progress while it runs
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/^Importing meta\.history\.stackexchange\.com: /)).toBeVisible();
    await shot(page, 'admin-import-running');
    await expect(page.getByText(/Imported meta\.history\.stackexchange\.com in /)).toBeVisible({ timeout: 480_000 });
    expect(await summaryRow(page, 'Questions')).toEqual([556, 556, 0, 0]);
    expect((await summaryRow(page, 'Answers')).slice(1, 3)).toEqual([1095, 0]);
    expect((await summaryRow(page, 'Comments')).slice(0, 1)).toEqual([3454]);
    expect((await summaryRow(page, 'Users')).slice(0, 3)).toEqual([2295, 2295, 0]);
    // Badges.xml: the awards of badges this site has are kept, the rest skipped (Yearling, Supporter, ...)
    const badgeRows = readFileSync(join(HISTORY, 'Badges.xml'), 'utf8').match(/<row /g)?.length ?? 0;
    const badges = await summaryRow(page, 'Badge awards');
    expect(badges[0]).toBe(badgeRows);
    expect(badges[1]).toBeGreaterThan(1000);
    expect(badges[1] + badges[3]).toBe(badgeRows);
    await page.getByText('Why rows were skipped').click();
    await expect(page.getByText(/^Badge awards: no such badge here: Yearling \(\d+\)$/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-import-done');
    for (const [width, dark, name] of [
      [390, false, 'phone'],
      [1280, true, 'dark'],
    ] as const) {
      const other = await pageAs('admin', { width, dark });
      await other.goto(`${server.url}/admin/import`);
      await expect(other.getByText(/Imported meta\.history\.stackexchange\.com in /)).toBeVisible();
      await expectContrast(other);
      await shot(other, `admin-import-done-${name}`);
      await other.context().close();
    }

    // the site has it: a question of the dump is listed and opens
    const found = await seed.call('GET', `/api/v1/search?q=${encodeURIComponent('"Should we include sources in answers?"')}&size=5`);
    expect(found.data.list[0].object.title).toBe('Should we include sources in answers?');
    expect(found.data.list[0].object.vote_count).toBe(18);

    // again: everything is already there
    await importThroughPage(page);
    await expect(page.getByText(/^Importing meta\.history\.stackexchange\.com: /)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(/Imported meta\.history\.stackexchange\.com in /)).toBeVisible({ timeout: 480_000 });
    expect(await summaryRow(page, 'Questions')).toEqual([556, 0, 556, 0]);
    expect((await summaryRow(page, 'Users')).slice(0, 3)).toEqual([2295, 0, 2295]);
    expect(await summaryRow(page, 'Badge awards')).toEqual([badgeRows, 0, badges[1], badges[3]]);
    await page.context().close();
  });
});
