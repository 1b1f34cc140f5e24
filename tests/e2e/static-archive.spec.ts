import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import type { SeededServer } from '../support/fixtures';

// The static archive (lantern export-html) of a seeded site, opened from file:// in Chromium with
// every request that is not a file refused: browse from the home page to a question and back, search
// a word offline and open the question it finds; screenshots at desktop and phone size, light and dark.
test.describe.configure({ mode: 'serial' });

const root = fileURLToPath(new URL('../..', import.meta.url));
const shots = join(root, 'test-results', 'static-archive');
const TITLE = 'How do I keep a zeppelin-shaped lantern from flickering in the wind?';
const SITE = 'Lantern Keepers';

let server: SeededServer;
let outDir: string;
let questionId = '';

/** Runs `lantern export-html` from the sources against the server's data dir; resolves with its --json report. */
async function exportArchive(dataDir: string, out: string): Promise<{ ok: boolean; questions: number; pagesWritten: number }> {
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const { stdout } = await promisify(execFile)(
    tsx,
    ['server/cli/lantern.ts', 'export-html', '--data-dir', dataDir, '--out', out, '--json'],
    {
      cwd: root,
      env: { ...process.env, LANTERN_DATABASE_URL: '' },
    },
  );
  return JSON.parse(stdout) as { ok: boolean; questions: number; pagesWritten: number };
}

/** A context that can reach nothing but files: other requests are aborted and recorded, and the context is offline. */
async function offlineContext(
  browser: Browser,
  look: { width: number; dark: boolean },
): Promise<{ context: BrowserContext; refused: string[] }> {
  const context = await browser.newContext({
    viewport: { width: look.width, height: look.width < 500 ? 844 : 800 },
    colorScheme: look.dark ? 'dark' : 'light',
  });
  const refused: string[] = [];
  await context.route('**', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    refused.push(url);
    return route.abort();
  });
  await context.setOffline(true);
  return { context, refused };
}

const home = () => pathToFileURL(join(outDir, 'index.html')).href;

async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
}

test.beforeAll(async ({ servers, serverEnv }, info) => {
  test.setTimeout(180_000);
  server = await servers.for(info.file, serverEnv);
  const admin = await server.account('admin');
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${server.url}/answer${path}`, {
      method,
      headers: { 'content-type': 'application/json', Authorization: admin.token },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await r.json()) as { code: number; data: any };
    expect(json.code, `${method} ${path}`).toBe(200);
    return json.data;
  };
  const general = await call('GET', '/admin/api/siteinfo/general');
  await call('PUT', '/admin/api/siteinfo/general', { ...general, name: SITE });
  await call('POST', '/api/v1/tag', { slug_name: 'wicks', display_name: 'wicks', original_text: 'Trimming and choosing wicks.' });
  for (let i = 1; i <= 3; i++)
    await call('POST', '/api/v1/question', {
      title: `Which lamp oil lasts longest through winter night number ${i}?`,
      content: `Asking for a cold cabin, night ${i}. Paraffin or kerosene?`,
      tags: [{ slug_name: 'wicks' }],
    });
  questionId = (
    await call('POST', '/api/v1/question', {
      title: TITLE,
      content: 'The flame dances whenever the door opens.\n\n```python\ndef shield(flame):\n    return "glass chimney"\n```',
      tags: [{ slug_name: 'wicks' }],
    })
  ).id as string;
  const answer = await call('POST', '/api/v1/answer', {
    question_id: questionId,
    content: 'Fit a taller glass chimney and trim the wick flat; the draught then goes around the flame.',
  });
  await call('POST', '/api/v1/answer/acceptance', { question_id: questionId, answer_id: answer.info.id });
  await call('POST', '/api/v1/comment', { object_id: questionId, original_text: 'Mine does this too, next to the stove.' });

  outDir = mkdtempSync(join(tmpdir(), 'lantern-static-archive-'));
  const report = await exportArchive(server.dataDir, outDir);
  expect(report.ok).toBe(true);
  expect(report.questions).toBe(4);
  mkdirSync(shots, { recursive: true });
});

test.afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('opened from file:// with the network blocked: home, a question and back, and an offline search that finds it', async ({
  browser,
}) => {
  const { context, refused } = await offlineContext(browser, { width: 1280, dark: false });
  const page = await context.newPage();
  await page.goto(home());
  await expect(page.getByRole('heading', { level: 1, name: SITE })).toBeVisible();
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByText('Accepted answer')).toBeVisible();
  await expect(page.getByText('Fit a taller glass chimney')).toBeVisible();
  await expect(page.getByText('Mine does this too, next to the stove.')).toBeVisible();
  // the code is coloured by the archive's own stylesheet
  const keyword = page.locator('pre code .hljs-keyword').first();
  await expect(keyword).toHaveText('def');
  expect(await keyword.evaluate((el) => getComputedStyle(el).color)).not.toBe(
    await page.locator('pre code').evaluate((el) => getComputedStyle(el).color),
  );

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: SITE })).toBeVisible();
  await page.getByRole('link', { name: 'wicks' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questions tagged wicks' })).toBeVisible();
  await page.getByRole('navigation', { name: SITE }).getByRole('link', { name: 'Newest' }).click();
  await expect(page.getByRole('heading', { level: 1, name: SITE })).toBeVisible();

  // the header's search box leads to the search page, which loads only the index files of the words
  await page.getByRole('searchbox', { name: 'Search the archive' }).first().fill('flickering zeppel');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('1 question matches');
  await page.getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  expect(page.url().startsWith('file:')).toBe(true);
  expect(refused).toEqual([]);
  await context.close();
});

test('the theme toggle switches between light and dark', async ({ browser }) => {
  const { context } = await offlineContext(browser, { width: 1280, dark: false });
  const page = await context.newPage();
  await page.goto(home());
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Colour scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByRole('button', { name: 'Colour scheme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(dark);
  await context.close();
});

for (const look of [
  { name: 'desktop-light', width: 1280, dark: false },
  { name: 'desktop-dark', width: 1280, dark: true },
  { name: 'phone-light', width: 390, dark: false },
  { name: 'phone-dark', width: 390, dark: true },
])
  test(`screenshots: ${look.name}`, async ({ browser }) => {
    const { context, refused } = await offlineContext(browser, look);
    const page = await context.newPage();
    await page.goto(home());
    await expect(page.locator('html')).toHaveAttribute('data-theme', look.dark ? 'dark' : 'light');
    await snap(page, `home-${look.name}`);
    await page.getByRole('link', { name: TITLE }).click();
    await expect(page.getByText('Accepted answer')).toBeVisible();
    await snap(page, `question-${look.name}`);
    await page.goto(`${pathToFileURL(join(outDir, 'search.html')).href}?q=lamp%20oil`);
    await expect(page.getByRole('status')).toHaveText('3 questions match');
    await snap(page, `search-${look.name}`);
    expect(refused).toEqual([]);
    await context.close();
  });
