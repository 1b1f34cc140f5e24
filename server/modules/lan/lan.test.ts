import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NetworkInterfaceInfo } from 'node:os';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { lanAddresses, type HostControl } from '../../infra/host-control.js';
import { followSiteUrl } from './lan.service.js';

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
      expect(host.requests).toEqual([{ enabled: true, port: 9080 }]);
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
