import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { lanAddresses, type HostControl } from '../../infra/host-control.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { certificateNames, makeSelfSigned } from '../../infra/tls.js';
import { followSiteUrl, followSiteUrlScheme } from './lan.service.js';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;
const interfaces = {
  lo: [iface('127.0.0.1', 'IPv4', true)],
  eth0: [iface('192.168.1.20', 'IPv4'), iface('fe80::1', 'IPv6')],
  wlan0: [iface('169.254.3.3', 'IPv4'), iface('10.0.0.7', 'IPv4')],
};

let app: TestApp;
afterEach(async () => app?.stop());

function desktopHost(): HostControl & { requests: unknown[] } {
  const requests: unknown[] = [];
  return { managed: true, requests, requestLan: (r) => requests.push(r), networkInterfaces: () => interfaces };
}

describe('LAN addresses', () => {
  it('keeps IPv4 addresses other machines can reach', () => {
    expect(lanAddresses(interfaces)).toEqual(['192.168.1.20', '10.0.0.7']);
  });
});

describe('GET/PUT /answer/admin/api/lan', () => {
  it('reports loopback-only serving with no LAN addresses', async () => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    const r = await app.call('GET', '/answer/admin/api/lan', { token: await adminToken(app) });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ enabled: false, managed: true, addresses: [] });
    expect(r.body.data.local_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists each LAN URL with a QR code when bound to every interface', async () => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    app.lantern.ctx.binding.host = '0.0.0.0';
    app.lantern.ctx.binding.port = 9080;
    const r = await app.call('GET', '/answer/admin/api/lan', { token: await adminToken(app) });
    expect(r.body.data.enabled).toBe(true);
    expect(r.body.data.addresses.map((a: { url: string }) => a.url)).toEqual(['http://192.168.1.20:9080', 'http://10.0.0.7:9080']);
    expect(r.body.data.addresses[0].qr_svg).toMatch(/^<svg[^>]*viewBox/);
  });

  it('asks the desktop shell to rebind after answering, and does nothing when already so', async () => {
    const host = desktopHost();
    app = await startTestApp({ deps: { host } });
    const token = await adminToken(app);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const on = await app.call('PUT', '/answer/admin/api/lan', { token, body: { enabled: true, port: 9080 } });
      expect(on.body.data).toEqual({ restarting: true });
      expect(host.requests).toEqual([]);
      vi.advanceTimersByTime(100);
      expect(host.requests).toEqual([{ enabled: true, port: 9080, tls: { mode: 'off' } }]);
      const same = await app.call('PUT', '/answer/admin/api/lan', { token, body: { enabled: false, port: 9080 } });
      expect(same.body.data).toEqual({ restarting: false });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses the switch on a server started from the command line', async () => {
    app = await startTestApp();
    const r = await app.call('PUT', '/answer/admin/api/lan', { token: await adminToken(app), body: { enabled: true, port: 9080 } });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('error.lan.not_desktop');
  });

  it.each([
    [{ enabled: true, port: 80 }, 'port'],
    [{ enabled: true, port: 70000 }, 'port'],
    [{ enabled: true, port: 'x' }, 'port'],
    [{ enabled: 'maybe', port: 9080 }, 'enabled'],
    [{ port: 9080 }, 'enabled'],
  ])('refuses %j', async (body, field) => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    const r = await app.call('PUT', '/answer/admin/api/lan', { token: await adminToken(app), body });
    expect(r.status).toBe(400);
    expect(r.body.data.map((e: { error_field: string }) => e.error_field)).toContain(field);
  });

  it('is for admins only', async () => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    expect((await app.call('GET', '/answer/admin/api/lan')).status).toBe(401);
    const user = await makeUser(app);
    expect((await app.call('GET', '/answer/admin/api/lan', { token: user.token })).status).toBe(403);
    expect((await app.call('PUT', '/answer/admin/api/lan', { token: user.token, body: { enabled: true, port: 9080 } })).status).toBe(403);
  });
});

describe('site URL follows the desktop server', () => {
  it('is the loopback URL, then the first LAN URL', async () => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    const port = app.lantern.ctx.binding.port;
    expect(await followSiteUrl(app.lantern.ctx)).toBe(`http://127.0.0.1:${port}`);
    app.lantern.ctx.binding.host = '0.0.0.0';
    expect(await followSiteUrl(app.lantern.ctx)).toBe(`http://192.168.1.20:${port}`);
    expect((await app.lantern.ctx.settings.get('general')).site_url).toBe(`http://192.168.1.20:${port}`);
  });

  it('leaves an uninstalled site alone', async () => {
    app = await startTestApp({ install: false, deps: { host: desktopHost() } });
    expect(await followSiteUrl(app.lantern.ctx)).toBeNull();
  });
});

// Issue 39: HTTPS and the hints on the admin page
describe('GET lan with HTTPS and hints', () => {
  it('shows the certificate (fingerprint, names, files), https addresses and the hints', async () => {
    app = await startTestApp({ config: { tls: { mode: 'self-signed' } }, deps: { host: desktopHost() } });
    app.lantern.ctx.binding.host = '0.0.0.0';
    app.lantern.ctx.binding.port = 9443;
    const token = await adminToken(app);
    const r = await pinnedGet(app, '/answer/admin/api/lan', token);
    const tls = app.lantern.ctx.tls!;
    expect(r.scheme).toBe('https');
    expect(r.tls).toMatchObject({ mode: 'self-signed', fingerprint: tls.fingerprint, cert_file: tls.certFile });
    expect(r.tls.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(r.tls.names).toEqual(expect.arrayContaining(['localhost', '127.0.0.1', '192.168.1.20', '10.0.0.7']));
    expect(r.local_url).toBe('https://127.0.0.1:9443');
    expect(r.addresses.map((a: { url: string }) => a.url)).toEqual(['https://192.168.1.20:9443', 'https://10.0.0.7:9443']);
    // the test site's URL is http://127.0.0.1: mails would link to loopback
    expect(r.hints.map((h: { kind: string }) => h.kind)).toEqual(['firewall', 'site_url']);
    expect(r.hints[1]).toMatchObject({ site_url: 'http://127.0.0.1', suggested: 'https://192.168.1.20:9443' });
  });

  it('on loopback: the loopback hint alone, and no certificate on plain HTTP', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/admin/api/lan', { token: await adminToken(app) });
    expect(r.body.data).toMatchObject({ scheme: 'http', tls: null });
    expect(r.body.data.hints).toEqual([
      {
        kind: 'loopback_only',
        host: '127.0.0.1',
        message: 'Lantern listens only on this computer (127.0.0.1); start it with --host 0.0.0.0 or switch on Serve on the LAN.',
      },
    ]);
  });

  it('POST lan/site-url sets the suggested site URL, and refuses when there is nothing to fix', async () => {
    app = await startTestApp({ deps: { host: desktopHost() } });
    const token = await adminToken(app);
    app.lantern.ctx.binding.host = '0.0.0.0';
    app.lantern.ctx.binding.port = 9080;
    const r = await app.call('POST', '/answer/admin/api/lan/site-url', { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ site_url: 'http://192.168.1.20:9080' });
    expect((await app.lantern.ctx.settings.get('general')).site_url).toBe('http://192.168.1.20:9080');
    const after = await app.call('GET', '/answer/admin/api/lan', { token });
    expect(after.body.data.hints.map((h: { kind: string }) => h.kind)).toEqual(['firewall']);
    const again = await app.call('POST', '/answer/admin/api/lan/site-url', { token });
    expect(again.status).toBe(400);
    expect(again.body.reason).toBe('error.lan.no_site_url_suggestion');
    const user = await makeUser(app);
    expect((await app.call('POST', '/answer/admin/api/lan/site-url', { token: user.token })).status).toBe(403);
  });

  it('a command-line server: the site URL naming this server follows the scheme, another is left alone', async () => {
    app = await startTestApp({ config: { tls: { mode: 'self-signed' } } });
    const port = app.lantern.ctx.binding.port;
    const general = await app.lantern.ctx.settings.get('general');
    await app.lantern.ctx.settings.put('general', { ...general, site_url: `http://127.0.0.1:${port}` });
    expect(await followSiteUrlScheme(app.lantern.ctx)).toBe(`https://127.0.0.1:${port}`);
    await app.lantern.ctx.settings.put('general', { ...general, site_url: 'http://qa.example.com' });
    expect(await followSiteUrlScheme(app.lantern.ctx)).toBeNull();
    expect((await app.lantern.ctx.settings.get('general')).site_url).toBe('http://qa.example.com');
  });
});

describe('PUT lan with HTTPS', () => {
  it('asks the shell for a self-signed certificate, and for own files once they are checked', async () => {
    const host = desktopHost();
    app = await startTestApp({ deps: { host } });
    const token = await adminToken(app);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const r = await app.call('PUT', '/answer/admin/api/lan', { token, body: { enabled: true, port: 9443, tls: 'self-signed' } });
      expect(r.body.data).toEqual({ restarting: true });
      vi.advanceTimersByTime(100);
      expect(host.requests).toEqual([{ enabled: true, port: 9443, tls: { mode: 'self-signed' } }]);

      const own = await makeSelfSigned(certificateNames('team', []));
      const cert = join(app.dataDir, 'team-cert.pem');
      const key = join(app.dataDir, 'team-key.pem');
      writeFileSync(cert, own.cert);
      writeFileSync(key, own.key);
      const files = await app.call('PUT', '/answer/admin/api/lan', {
        token,
        body: { enabled: true, port: 9443, tls: 'files', tls_cert: cert, tls_key: key },
      });
      expect(files.body.data).toEqual({ restarting: true });
      vi.advanceTimersByTime(100);
      expect(host.requests[1]).toEqual({ enabled: true, port: 9443, tls: { mode: 'files', cert, key } });
      expect(new X509Certificate(own.cert).fingerprint256).toMatch(/:/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses files the server could not start with, and a files choice without paths', async () => {
    const host = desktopHost();
    app = await startTestApp({ deps: { host } });
    const token = await adminToken(app);
    const missing = join(app.dataDir, 'nope.pem');
    const r = await app.call('PUT', '/answer/admin/api/lan', {
      token,
      body: { enabled: true, port: 9443, tls: 'files', tls_cert: missing, tls_key: missing },
    });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ error_field: 'tls_cert', error_msg: expect.stringContaining('cannot read the TLS certificate') }]);
    const none = await app.call('PUT', '/answer/admin/api/lan', { token, body: { enabled: true, port: 9443, tls: 'files' } });
    expect(none.status).toBe(400);
    expect(none.body.data.map((e: { error_field: string }) => e.error_field).sort()).toEqual(['tls_cert', 'tls_key']);
    const bad = await app.call('PUT', '/answer/admin/api/lan', { token, body: { enabled: true, port: 9443, tls: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(host.requests).toEqual([]);
  });
});

/** GET over HTTPS trusting the app's own certificate (tests/support's call() speaks plain fetch). */
async function pinnedGet(app: TestApp, path: string, token: string): Promise<any> {
  const { request } = await import('node:https');
  const { readFileSync } = await import('node:fs');
  const tls = app.lantern.ctx.tls!;
  return new Promise((resolve, reject) => {
    const req = request(
      `${app.url}${path}`,
      { agent: false, ca: readFileSync(tls.certFile, 'utf8'), headers: { authorization: token } },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve((JSON.parse(body) as { data: unknown }).data));
      },
    );
    req.on('error', reject);
    req.end();
  });
}
