import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { INSTALLED, loginAs, shot, startServer, type E2EServer } from '../support/e2e-server';

// The admin page of the LAN switch, against a server run as the desktop shell runs it (with an
// IPC channel to its parent) and against one started from the command line.
test.describe.configure({ mode: 'serial' });

let desktop: E2EServer;
let headless: E2EServer;
const fromServer: unknown[] = [];

test.beforeAll(async () => {
  desktop = await startServer(INSTALLED, (m) => fromServer.push(m));
  headless = await startServer(INSTALLED);
});
test.afterAll(async () => {
  await desktop?.stop();
  await headless?.stop();
});

test('an admin turns LAN serving on from the desktop-hosted site; the shell gets the request', async ({ page }) => {
  await loginAs(page, desktop, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  await page.goto(`${desktop.url}/admin/lan`);
  await expect(page.getByRole('heading', { name: 'LAN hosting' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This site is only reachable from this computer.');
  await expect(page.getByText(`On this computer: ${desktop.url}`)).toBeVisible();
  await shot(page, '20-admin-lan-off');
  await page.getByLabel('Port', { exact: true }).fill('80');
  await page.getByRole('button', { name: 'Serve on the LAN' }).click();
  await expect(page.getByText('Between 1024 and 65535', { exact: false }).first()).toBeVisible();
  await page.getByLabel('Port', { exact: true }).fill('9345');
  await page.getByRole('button', { name: 'Serve on the LAN' }).click();
  await expect(page.getByText('The server is restarting. Open http://127.0.0.1:9345/admin/lan in a moment.')).toBeVisible();
  // the request says HTTPS as it is (off): the switch alone changes no certificate
  await expect.poll(() => fromServer).toContainEqual({ type: 'lantern:lan-request', enabled: true, port: 9345, tls: { mode: 'off' } });
});

test('with the LAN on, each address is shown with a QR code', async ({ page }) => {
  await loginAs(page, desktop, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  // test servers bind loopback only, so the answer of a LAN-bound server is replayed (its QR drawn by the same library)
  const QR = await QRCode.toString('http://192.168.1.20:9345', { type: 'svg', margin: 1 });
  await page.route('**/answer/admin/api/lan', (route) =>
    route.fulfill({
      json: {
        code: 200,
        reason: 'base.success',
        msg: 'Success.',
        data: {
          enabled: true,
          managed: true,
          port: 9345,
          local_url: 'http://127.0.0.1:9345',
          addresses: [{ url: 'http://192.168.1.20:9345', qr_svg: QR }],
        },
      },
    }),
  );
  await page.goto(`${desktop.url}/admin/lan`);
  await expect(page.getByRole('status')).toHaveText('This site is served on the LAN.');
  await expect(page.getByRole('link', { name: 'http://192.168.1.20:9345' })).toBeVisible();
  const qr = page.getByRole('img', { name: 'Scan to open http://192.168.1.20:9345' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('button', { name: 'Stop serving on the LAN' })).toBeVisible();
  await shot(page, '21-admin-lan-on');
});

test('a server started from the command line explains how to serve the LAN', async ({ page }) => {
  await loginAs(page, headless, INSTALLED.ADMIN_EMAIL, INSTALLED.ADMIN_PASSWORD);
  await page.goto(`${headless.url}/admin/lan`);
  await expect(page.getByText('This server was started from the command line', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Serve on the LAN' })).toHaveCount(0);
});

test('the page is for admins: visitors go to login', async ({ page }) => {
  await page.goto(`${headless.url}/admin/lan`);
  await expect(page).toHaveURL(/\/users\/login$/);
});
