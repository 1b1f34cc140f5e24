import { expect, test, type Page } from '@playwright/test';
import { INSTALLED, loginAs, pooledPage, startServer, type E2EServer } from '../support/e2e-server';

// The pages the specs get from pooledPage are reused across tests: a reused page must carry nothing of
// the test before it that a new browser context would not have. The first test leaves every kind of
// state behind; the second gets the same page back and finds none of it.
test.describe.configure({ mode: 'serial' });

let server: E2EServer;
let first: Page | undefined;

test.beforeAll(async () => {
  server = await startServer(INSTALLED);
});

test.afterAll(async () => {
  await server?.stop();
});

test('a test logs in and leaves storage, cookies, a route, a listener, a phone viewport and dark mode behind', async ({ browser }) => {
  const page = await pooledPage(browser, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  first = page;
  await loginAs(page, server, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  await page.route('**/answer/api/v1/siteinfo', (route) => route.fulfill({ status: 500, body: 'left behind' }));
  page.on('dialog', () => {
    throw new Error('a listener of the test before');
  });
  await page.goto(`${server.url}/`);
  await page.unroute('**/answer/api/v1/siteinfo');
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.evaluate(async () => {
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    document.cookie = 'left=behind; path=/';
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('left-behind', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('s');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
  });
  await page.route('**/answer/api/v1/question/page*', (route) => route.fulfill({ status: 500, body: 'left behind' }));
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  // no close: a page the test still holds when it ends is free for the next test all the same
});

test('the next test gets the same page back with none of it', async ({ browser }) => {
  const page = await pooledPage(browser);
  expect(page).toBe(first);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 800 });
  expect(await page.context().cookies()).toEqual([]);
  await page.goto(`${server.url}/questions`);
  // no token: logged out; the question list route is not fulfilled by the old route
  await expect(page.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('current-user')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const state = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    cookie: document.cookie,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    databases: (await indexedDB.databases()).map((d) => d.name),
  }));
  expect(state).toEqual({ local: 0, session: 0, cookie: '', dark: false, databases: [] });
  // the dialog listener is gone: a dialog is dismissed by Playwright, not thrown at
  await page.evaluate(() => setTimeout(() => window.alert('hello'), 0));
  await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');

  // a page its test hands back with context().close() is reused within the same test too, reset again
  await loginAs(page, server, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  await page.goto(`${server.url}/`);
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.context().close();
  const again = await pooledPage(browser);
  expect(again).toBe(page);
  await again.goto(`${server.url}/`);
  await expect(again.getByRole('button', { name: 'Log in', exact: true }).first()).toBeVisible();
  // while a page is held, the next one is another context
  const second = await pooledPage(browser);
  expect(second).not.toBe(again);
  expect(second.context()).not.toBe(again.context());
});
