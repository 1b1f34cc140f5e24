import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';
import { dismissToasts, openInApp, shot } from '../support/e2e-server';
import { expectAccessible } from './question-pages';

// Admin → Webhooks in a browser against the built server, with a receiver on 127.0.0.1: a loopback
// URL refused until "Allow LAN and loopback addresses" is ticked, the secret shown once, a question
// asked delivered signed with it, the delivery log (status, HTTP code, response time) and a resend.
// A screenshot with LANTERN_SCREENSHOTS=1.

const got: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      got.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((r) => receiver.close(() => r()));
});

test('Admin → Webhooks: add a hook, its secret shown once, a signed delivery logged with code and time, and a resend', async ({
  adminPage: page,
  server,
  seed,
}) => {
  await openInApp(page, `${server.url}/admin`);
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  await expect(page.getByText('No webhooks yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook' });
  await dialog.getByLabel('Payload URL').fill(receiverUrl);
  await dialog.getByLabel('Description').fill('Team chat bot');
  await dialog.getByLabel('Question asked').check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  await expect(dialog.getByText('This address is on this computer or the local network.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Allow LAN and loopback addresses').check();
  await dialog.getByRole('button', { name: 'Add webhook' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Webhook secret' });
  const secret = await secretDialog.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^whsec_/);
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: receiverUrl });
  await expect(row).toContainText('Question asked');
  await expect(page.getByText(secret)).toHaveCount(0);

  const question = await seed.question({ title: 'Which lamp oil burns the cleanest indoors?' });
  await expect.poll(() => got.length, { timeout: 15_000 }).toBe(1);
  const [delivery] = got;
  const ts = delivery.headers['x-lantern-timestamp'];
  expect(delivery.headers['x-lantern-signature']).toBe(
    `sha256=${createHmac('sha256', secret).update(`${ts}.${delivery.body}`).digest('hex')}`,
  );
  expect(JSON.parse(delivery.body)).toMatchObject({ type: 'question.created', data: { question: { id: question.id } } });

  await page.getByRole('button', { name: `Deliveries of ${receiverUrl}` }).click();
  const log = page.getByRole('table', { name: 'Delivery log' });
  const first = log.getByRole('row').nth(1);
  await expect(first).toContainText('Succeeded');
  await expect(first).toContainText('200');
  await expect(first).toContainText(/\d+ ms/);
  await expect(first).toContainText('received');

  await dismissToasts(page);
  await first.getByRole('button', { name: /^Resend delivery/ }).click();
  await expect(page.getByText('Delivery queued again.')).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log.getByRole('row').nth(1)).toContainText(/resend of #\d+/);
  await expect(log.getByRole('row').nth(1)).toContainText('Succeeded', { timeout: 15_000 });
  await expect(row).toContainText('Succeeded');
  expect(got).toHaveLength(2);
  expect(got[1].headers['x-lantern-event-id']).toBe(got[0].headers['x-lantern-event-id']);
  await dismissToasts(page);
  await expectAccessible(page);
  await shot(page, 'admin-webhooks');
});
