import { expect, test } from '../support/fixtures';
import { dismissToasts, INSTALLED, openInApp, shot, type E2EServer } from '../support/e2e-server';
import { Api, expectAccessible } from './question-pages';

// Admin → MCP in a LAN browser against the built server: off by default, turned on through the
// form (the endpoints and the header then shown), an assistant's call with an API key answered
// only while it is on. A screenshot with LANTERN_SCREENSHOTS=1.

let server: E2EServer;
let api: Api;
const ADMIN = { email: INSTALLED.ADMIN_EMAIL, pass: INSTALLED.ADMIN_PASSWORD };

/** tools/list over the streamable HTTP endpoint, as an assistant sends it. */
async function listTools(key: string): Promise<{ status: number; names: string[] }> {
  const r = await fetch(`${server.url}/answer/api/v1/mcp`, {
    method: 'POST',
    headers: { Authorization: key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  if (r.status !== 200) return { status: r.status, names: [] };
  const body = (await r.json()) as { result: { tools: { name: string }[] } };
  return { status: r.status, names: body.result.tools.map((x) => x.name) };
}

test.beforeAll(async ({ servers, serverEnv }, info) => {
  server = await servers.for(info.file, serverEnv);
  api = new Api(server);
  api.token = await api.tokenOf(ADMIN.email, ADMIN.pass);
  // the endpoints shown are under the site's URL, as Answer's
  const general = { name: 'Team Lantern', site_url: server.url, contact_email: 'team@example.com', short_description: '', description: '' };
  expect((await api.call('PUT', '/admin/api/siteinfo/general', general)).code).toBe(200);
});

test('Admin → MCP turns the MCP server on; an assistant with an API key is answered only then', async ({ pageAs }) => {
  const key = (await api.call('POST', '/admin/api/api-key', { description: 'assistant', scope: 'read-only' })).data.access_key as string;
  expect((await listTools(key)).status).toBe(403);

  const page = await pageAs(ADMIN);
  await openInApp(page, `${server.url}/admin/mcp`);
  await expect(page.getByRole('heading', { level: 1, name: 'MCP', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'MCP', exact: true })).toBeVisible();
  const box = page.getByLabel('MCP server');
  await expect(box).not.toBeChecked();
  await expect(page.getByLabel('URL', { exact: true })).toHaveCount(0);

  await box.check();
  await expect(page.getByLabel('URL', { exact: true })).toHaveValue(`${server.url}/answer/api/v1/mcp/sse`);
  await expect(page.getByLabel('HTTP header')).toHaveValue('Authorization={key}');
  await expect(page.getByLabel('Streamable HTTP URL')).toHaveValue(`${server.url}/answer/api/v1/mcp`);
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('update success')).toBeVisible();
  await dismissToasts(page);
  await expectAccessible(page);
  await shot(page, 'admin-mcp');

  const on = await listTools(key);
  expect(on.status).toBe(200);
  expect(on.names).toContain('get_questions');
  expect(on.names).not.toContain('ask_question');

  await page.reload();
  await expect(page.getByLabel('MCP server')).toBeChecked();
  await page.getByLabel('MCP server').uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('update success')).toBeVisible();
  expect((await listTools(key)).status).toBe(403);
});
