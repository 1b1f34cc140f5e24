import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { BASE_INFO } from '../../../tests/support/install-form.js';
import { isLoopbackAddress, MAX_WRONG_CODES, setSetupCodeAnnouncer } from './install.setup-code.js';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const baseInfo = { ...BASE_INFO, site_url: 'http://192.0.2.10:9080/' };

/** An uninstalled server whose printed setup codes the test reads, as the person at its console does. */
async function uninstalled(): Promise<{ a: TestApp; printed: string[] }> {
  const a = await startTestApp({ install: false });
  const printed: string[] = [];
  setSetupCodeAnnouncer(a.lantern.ctx, (line) => printed.push(/Setup code: (\d{4}-\d{4})/.exec(line)?.[1] ?? line));
  app = a;
  return { a, printed };
}

/** A request as a LAN browser's arrives behind a reverse proxy on the server's machine. */
const viaProxy = { 'x-forwarded-for': '192.0.2.77' };

/** A POST whose connection comes from `localAddress` (another address of this machine: a non-loopback peer). */
function postFrom(url: string, path: string, body: unknown, localAddress: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const u = new URL(url + path);
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

describe('the installer setup code', () => {
  it('is not asked of a browser on the server machine (loopback, no proxy)', async () => {
    const { a } = await uninstalled();
    const check = await a.call('POST', '/installation/config-file/check', { body: {} });
    expect(check.body.data.setup_code_required).toBe(false);
    expect((await a.call('POST', '/installation/base-info', { body: baseInfo })).status).toBe(200);
  });

  it('is asked of a request through a proxy: none or a wrong one is refused on setup_code, the printed one installs', async () => {
    const { a, printed } = await uninstalled();
    const check = await a.call('POST', '/installation/config-file/check', { body: {}, headers: viaProxy });
    expect(check.body.data).toMatchObject({ config_file_exist: false, setup_code_required: true });

    const none = await a.call('POST', '/installation/base-info', { body: baseInfo, headers: viaProxy });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 400, reason: 'error.install.setup_code_required' });
    expect(none.body.data).toEqual([{ error_field: 'setup_code', error_msg: expect.stringContaining("server's console") }]);
    expect(printed).toHaveLength(1);
    const code = printed[0];

    const wrong = code === '0000-0000' ? '1111-1111' : '0000-0000';
    const bad = await a.call('POST', '/installation/base-info', { body: { ...baseInfo, setup_code: wrong }, headers: viaProxy });
    expect(bad.body).toMatchObject({ code: 400, reason: 'error.install.setup_code_wrong' });
    expect(bad.body.data[0]).toMatchObject({ error_field: 'setup_code', error_msg: expect.stringContaining('9 more tries') });
    // the steps before base-info are guarded too: the database step and the config file
    for (const path of ['/installation/setup-code/check', '/installation/db/check', '/installation/init'])
      expect((await a.call('POST', path, { body: { db_type: 'sqlite3' }, headers: viaProxy })).body.reason, path).toBe(
        'error.install.setup_code_required',
      );
    expect((await a.call('POST', '/installation/config-file/check', { body: {} })).body.data.config_file_exist).toBe(false);

    // typed as shown, or without the dash
    const ok = await a.call('POST', '/installation/setup-code/check', { body: { setup_code: code.replace('-', '') }, headers: viaProxy });
    expect(ok.status).toBe(200);
    const installed = await a.call('POST', '/installation/base-info', { body: { ...baseInfo, setup_code: code }, headers: viaProxy });
    expect(installed.status).toBe(200);
    // one time: the site is installed, every installer call refuses
    const again = await a.call('POST', '/installation/base-info', { body: { ...baseInfo, setup_code: code }, headers: viaProxy });
    expect(again.body.reason).toBe('error.database.already_installed');
  });

  it(`prints a new code after ${MAX_WRONG_CODES} wrong ones; the old one stops working`, async () => {
    const { a, printed } = await uninstalled();
    await a.call('POST', '/installation/setup-code/check', { body: {}, headers: viaProxy });
    const first = printed[0];
    const wrong = first === '0000-0000' ? '1111-1111' : '0000-0000';
    const reasons: string[] = [];
    for (let i = 0; i < MAX_WRONG_CODES; i++)
      reasons.push(
        (await a.call('POST', '/installation/setup-code/check', { body: { setup_code: wrong }, headers: viaProxy })).body.reason,
      );
    expect(reasons.slice(0, -1).every((r) => r === 'error.install.setup_code_wrong')).toBe(true);
    expect(reasons.at(-1)).toBe('error.install.setup_code_renewed');
    expect(printed).toHaveLength(2);
    const second = printed[1];
    expect(second).not.toBe(first);
    expect((await a.call('POST', '/installation/base-info', { body: { ...baseInfo, setup_code: first }, headers: viaProxy })).status).toBe(
      400,
    );
    expect((await a.call('POST', '/installation/base-info', { body: { ...baseInfo, setup_code: second }, headers: viaProxy })).status).toBe(
      200,
    );
  });

  it.runIf(lanAddress)('is asked of a connection from another address (a LAN peer, not loopback)', async () => {
    const { a, printed } = await uninstalled();
    const refused = await postFrom(a.url, '/installation/base-info', baseInfo, lanAddress!);
    expect(refused.status).toBe(400);
    expect(refused.body.data[0].error_field).toBe('setup_code');
    const done = await postFrom(a.url, '/installation/base-info', { ...baseInfo, setup_code: printed[0] }, lanAddress!);
    expect(done.status).toBe(200);
  });

  it('knows loopback addresses', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['192.0.2.1', '10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '', undefined, '128.0.0.1'])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });

  it('leaves the unattended install (AUTO_INSTALL) as it was: installed at start, no code asked', async () => {
    app = await startTestApp();
    const check = await app.call('POST', '/installation/config-file/check', { body: {}, headers: viaProxy });
    expect(check.body.reason).toBe('error.database.already_installed');
  });
});
