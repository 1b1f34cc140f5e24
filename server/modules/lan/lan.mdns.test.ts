import { createSocket } from 'node:dgram';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkInterfaceInfo } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import makeMdns from 'multicast-dns';
import type { Answer as DnsAnswer, Packet } from 'dns-packet';

/** dns-packet's Answer less OPT (which has no ttl or data). */
type Answer = DnsAnswer & { ttl?: number; data?: unknown };
import { adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { HostControl } from '../../infra/host-control.js';
import { MDNS_NAME_FILE } from '../../infra/mdns-name.js';
import { startAdvertising } from './lan.mdns.js';

// The app is bound to 127.0.0.1 and advertises on the loopback interface only, at an mDNS port of
// the test's own: nothing reaches the machine's responder on 5353 or leaves the machine.
const loopbackOnly = { lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', internal: true, mac: '', cidr: null }] };
const host: HostControl = {
  managed: false,
  requestLan() {},
  networkInterfaces: () => loopbackOnly as unknown as NodeJS.Dict<NetworkInterfaceInfo[]>,
};

async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** Asks `name` `type` on the loopback interface and resolves with the first matching record. */
async function ask(port: number, name: string, type: 'A' | 'PTR', match: (r: Answer) => boolean): Promise<Answer> {
  const mdns = makeMdns({ port, interface: '127.0.0.1', bind: '0.0.0.0', reuseAddr: true, loopback: true });
  try {
    await new Promise<void>((r) => mdns.once('ready', () => r()));
    return await new Promise<Answer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer for ${name} within 5 s`)), 5000);
      mdns.on('response', (p: Packet) => {
        const hit = [...(p.answers ?? []), ...(p.additionals ?? [])].find(match);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        }
      });
      mdns.query({ questions: [{ name, type }] });
    });
  } finally {
    await new Promise<void>((r) => mdns.destroy(() => r()));
  }
}

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

describe('the site advertised over mDNS', () => {
  it('answers <site>.local and the service, shows the name on GET lan, and keeps the name in the data dir', async () => {
    const port = await freeUdpPort();
    app = await startTestApp({ config: { mdns: true }, deps: { host } });
    const adv = await startAdvertising(app.lantern.ctx, { loopback: true, mdnsPort: port, probeMs: 30 });
    expect(adv?.host).toBe('test-site.local');
    const a = await ask(port, 'test-site.local', 'A', (r) => r.type === 'A' && r.name === 'test-site.local');
    expect(a.data).toBe('127.0.0.1');
    const srv = await ask(port, '_http._tcp.local', 'PTR', (r) => r.type === 'SRV');
    expect(srv).toMatchObject({
      name: 'Test Site._http._tcp.local',
      data: { port: app.lantern.ctx.binding.port, target: 'test-site.local' },
    });
    const txt = await ask(port, '_http._tcp.local', 'PTR', (r) => r.type === 'TXT');
    expect((txt.data as Buffer[]).map(String)).toEqual(expect.arrayContaining(['path=/', 'lantern=1']));

    const r = await app.call('GET', '/answer/admin/api/lan', { token: await adminToken(app) });
    const url = `http://test-site.local:${app.lantern.ctx.binding.port}`;
    expect(r.body.data.local_name).toMatchObject({ host: 'test-site.local', url });
    expect(r.body.data.local_name.qr_svg).toMatch(/^<svg[^>]*viewBox/);
    expect(JSON.parse(readFileSync(join(app.dataDir, MDNS_NAME_FILE), 'utf8'))).toEqual({ host: 'test-site' });

    // closing the app says goodbye: the A record comes with TTL 0
    const watcher = makeMdns({ port, interface: '127.0.0.1', bind: '0.0.0.0', reuseAddr: true, loopback: true });
    await new Promise<void>((res) => watcher.once('ready', () => res()));
    const bye = new Promise<Answer>((res) =>
      watcher.on('response', (p: Packet) => {
        const hit = (p.answers ?? []).find((x) => x.type === 'A' && x.ttl === 0);
        if (hit) res(hit);
      }),
    );
    await app.stop();
    app = undefined;
    expect((await bye).name).toBe('test-site.local');
    await new Promise<void>((res) => watcher.destroy(() => res()));
  });

  it('keeps the name chosen at an earlier start (test-site-2 stays so)', async () => {
    const port = await freeUdpPort();
    app = await startTestApp({ config: { mdns: true }, deps: { host } });
    writeFileSync(join(app.dataDir, MDNS_NAME_FILE), JSON.stringify({ host: 'test-site-2' }));
    const adv = await startAdvertising(app.lantern.ctx, { loopback: true, mdnsPort: port, probeMs: 30 });
    expect(adv?.host).toBe('test-site-2.local');
  });

  it('does not advertise on loopback, nor with mdns off; GET lan then has no name', async () => {
    app = await startTestApp({ config: { mdns: true }, deps: { host } });
    expect(await startAdvertising(app.lantern.ctx)).toBeNull();
    await app.stop();
    app = await startTestApp({ config: { mdns: false }, deps: { host } });
    expect(await startAdvertising(app.lantern.ctx, { loopback: true, mdnsPort: await freeUdpPort(), probeMs: 30 })).toBeNull();
    const r = await app.call('GET', '/answer/admin/api/lan', { token: await adminToken(app) });
    expect(r.body.data.local_name).toBeNull();
  });
});
