import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LAN_PORT, LanSwitch } from './lan-switch';
import { fingerprintOfPem, trustOwnServer } from './server-certificate';
import { parseLanRequest, ServerHost, tlsArgs } from './server-host';

// Issue 39: the desktop app serves HTTPS when the admin page asks, restarts the server with the TLS
// flags, and trusts exactly its own server's certificate in its window.

class FakeChild extends EventEmitter {
  constructor(readonly args: string[]) {
    super();
  }
  postMessage(m: unknown) {
    if ((m as { type: string }).type === 'lantern:stop') setTimeout(() => this.emit('exit', 0), 5);
  }
  kill() {
    return true;
  }
}

function makeHost(opts: Partial<ConstructorParameters<typeof ServerHost>[0]> = {}) {
  const children: FakeChild[] = [];
  const fork = vi.fn((args: string[]) => {
    const c = new FakeChild(args);
    children.push(c);
    return c;
  });
  return { host: new ServerHost({ fork, dataDir: '/data', ...opts }), children };
}

// two self-signed certificates the server's tls.ts made (the shell may not import server code)
const MINE = [
  '-----BEGIN CERTIFICATE-----',
  'MIIB8jCCAZigAwIBAgIQdv5MX7zzb7uX2QZYzCIs1TAKBggqhkjOPQQDAjAvMQ0w',
  'CwYDVQQDEwRkZXNrMR4wHAYDVQQKExVMYW50ZXJuIChzZWxmLXNpZ25lZCkwHhcN',
  'MjYxMTI5MDQzMzQxWhcNMjgxMTI4MDUzMzQxWjAvMQ0wCwYDVQQDEwRkZXNrMR4w',
  'HAYDVQQKExVMYW50ZXJuIChzZWxmLXNpZ25lZCkwWTATBgcqhkjOPQIBBggqhkjO',
  'PQMBBwNCAATNyfZrn2rUn4Hlz5Kq8gH79uPUaxS06os5RXFW9SJmtFr5G13A3djF',
  'VHzE5yOz3rAUruZthoK1juoyydudXSsgo4GVMIGSMAwGA1UdEwEB/wQCMAAwDgYD',
  'VR0PAQH/BAQDAgeAMBMGA1UdJQQMMAoGCCsGAQUFBwMBMD4GA1UdEQQ3MDWCCWxv',
  'Y2FsaG9zdIIEZGVza4IKZGVzay5sb2NhbIcEfwAAAYcQAAAAAAAAAAAAAAAAAAAA',
  'ATAdBgNVHQ4EFgQUfrxVMLlWi3w4yIs//FEdV99Yoy8wCgYIKoZIzj0EAwIDSAAw',
  'RQIgYWX1sN9/EYuRD/ZJaX4JkaYCk1j2VwsrkOvfi5XokboCIQDvNNoMRo4AeNJi',
  '/gg5eZAtC6ox/A0oW4zlSULSul5yBQ==',
  '-----END CERTIFICATE-----',
].join('\n');
const OTHER = [
  '-----BEGIN CERTIFICATE-----',
  'MIIB8jCCAZigAwIBAgIQG04L3E4ZFpEm2uRmY7cg0DAKBggqhkjOPQQDAjAvMQ0w',
  'CwYDVQQDEwRkZXNrMR4wHAYDVQQKExVMYW50ZXJuIChzZWxmLXNpZ25lZCkwHhcN',
  'MjYxMTI5MDQzMzQ0WhcNMjgxMTI4MDUzMzQ0WjAvMQ0wCwYDVQQDEwRkZXNrMR4w',
  'HAYDVQQKExVMYW50ZXJuIChzZWxmLXNpZ25lZCkwWTATBgcqhkjOPQIBBggqhkjO',
  'PQMBBwNCAAT3sQq0A4hC7F/2GOHZFhhn7AV9y0Y3IeKwlExEQJjSpkq1CUgTW0ek',
  '1xTVkqBZmoZL1HZxYbK/Qid7hAnw0i/Vo4GVMIGSMAwGA1UdEwEB/wQCMAAwDgYD',
  'VR0PAQH/BAQDAgeAMBMGA1UdJQQMMAoGCCsGAQUFBwMBMD4GA1UdEQQ3MDWCCWxv',
  'Y2FsaG9zdIIEZGVza4IKZGVzay5sb2NhbIcEfwAAAYcQAAAAAAAAAAAAAAAAAAAA',
  'ATAdBgNVHQ4EFgQUY9rDFltwspPa/QSuHtad+Zl0ByIwCgYIKoZIzj0EAwIDSAAw',
  'RQIhAMG8k/0TTsiqEBuggQCXtflw8VIEB9OiFAVDrLURsNGiAiAgN0OLTLDEw+j5',
  'CX76H1uE4/EWvLoBraKlLeDAXJCr3w==',
  '-----END CERTIFICATE-----',
].join('\n');

const FP = 'DA:91:FA:98:DC:8A:6D:B5:AB:41:4B:EA:48:45:6A:FA:16:9B:1C:FE:E4:57:65:3B:AF:69:72:2B:CD:4B:30:86';
const tick = () => new Promise((r) => setTimeout(r, 10));

describe('HTTPS in the desktop shell', () => {
  it('reads a TLS choice in a LAN request and drops a malformed one', () => {
    const base = { type: 'lantern:lan-request', enabled: true, port: 9443 };
    expect(parseLanRequest(base)).toEqual({ enabled: true, port: 9443 });
    expect(parseLanRequest({ ...base, tls: { mode: 'self-signed' } })).toEqual({ enabled: true, port: 9443, tls: { mode: 'self-signed' } });
    expect(parseLanRequest({ ...base, tls: { mode: 'files', cert: '/c.pem', key: '/k.pem' } })).toEqual({
      enabled: true,
      port: 9443,
      tls: { mode: 'files', cert: '/c.pem', key: '/k.pem' },
    });
    expect(parseLanRequest({ ...base, tls: { mode: 'files', cert: '', key: '/k.pem' } })).toBeNull();
    expect(parseLanRequest({ ...base, tls: { mode: 'bogus' } })).toBeNull();
    expect(tlsArgs({ mode: 'off' })).toEqual([]);
  });

  it('starts the server with the TLS flags, keeps them across rebinds, and remembers the fingerprint', async () => {
    const { host, children } = makeHost({ tls: { mode: 'self-signed' } });
    const started = host.start();
    expect(children[0]!.args).toEqual(['--port', '0', '--host', '127.0.0.1', '--data-dir', '/data', '--tls', 'self-signed']);
    children[0]!.emit('message', { type: 'lantern:ready', url: 'https://127.0.0.1:4321', fingerprint: FP });
    expect(await started).toBe('https://127.0.0.1:4321');
    expect(host.currentFingerprint).toBe(FP);

    const again = host.rebind('0.0.0.0', 9443);
    await tick();
    expect(children[1]!.args).toEqual(['--port', '9443', '--host', '0.0.0.0', '--data-dir', '/data', '--tls', 'self-signed']);
    children[1]!.emit('message', { type: 'lantern:ready', url: 'https://127.0.0.1:9443', fingerprint: FP });
    await again;

    const own = host.rebind('0.0.0.0', 9443, { mode: 'files', cert: '/etc/c.pem', key: '/etc/k.pem' });
    await tick();
    expect(children[2]!.args.slice(6)).toEqual(['--tls-cert', '/etc/c.pem', '--tls-key', '/etc/k.pem']);
    children[2]!.emit('message', { type: 'lantern:ready', url: 'https://127.0.0.1:9443', fingerprint: 'not one' });
    await own;
    expect(host.currentFingerprint).toBeNull();

    const off = host.rebind('0.0.0.0', 9443, { mode: 'off' });
    await tick();
    expect(children[3]!.args).toEqual(['--port', '9443', '--host', '0.0.0.0', '--data-dir', '/data']);
    children[3]!.emit('message', { type: 'lantern:ready', url: 'http://127.0.0.1:9443' });
    await off;
  });

  it('falls back to the HTTPS that worked when a certificate cannot be loaded', async () => {
    const onFallback = vi.fn();
    const { host, children } = makeHost({ onFallback });
    const started = host.start();
    children[0]!.emit('message', { type: 'lantern:ready', url: 'http://127.0.0.1:4321' });
    await started;
    const bad = host.rebind('127.0.0.1', 4321, { mode: 'files', cert: '/gone.pem', key: '/gone-key.pem' });
    await tick();
    children[1]!.emit('message', { type: 'lantern:start-failed', error: 'cannot read the TLS certificate /gone.pem: ENOENT' });
    children[1]!.emit('exit', 1);
    expect(children[2]!.args).toEqual(['--port', '4321', '--host', '127.0.0.1', '--data-dir', '/data']);
    expect(onFallback.mock.calls[0]![0].reason).toContain('/gone.pem');
    children[2]!.emit('message', { type: 'lantern:ready', url: 'http://127.0.0.1:4321' });
    await bad;
    expect(host.currentTls).toEqual({ mode: 'off' });
  });

  it('the LAN switch remembers the TLS choice and rebinds with it', async () => {
    const m = new Map<string, unknown>();
    const store = {
      get: (k: string) => m.get(k),
      set: (k: string, v: unknown) => void m.set(k, v),
      delete: (k: string) => void m.delete(k),
    };
    const s = new LanSwitch(store, () => {});
    expect(s.tls()).toEqual({ mode: 'off' });
    const host = { rebind: vi.fn(async (_h: string, p: number) => `https://127.0.0.1:${p}`) };
    await s.set(host, { enabled: true, port: DEFAULT_LAN_PORT, tls: { mode: 'self-signed' } });
    expect(host.rebind).toHaveBeenLastCalledWith('0.0.0.0', DEFAULT_LAN_PORT, { mode: 'self-signed' });
    expect(s.tls()).toEqual({ mode: 'self-signed' });
    // a switch without a TLS choice keeps the remembered one (the server keeps its flags)
    await s.set(host, { enabled: false, port: DEFAULT_LAN_PORT });
    expect(host.rebind).toHaveBeenLastCalledWith('127.0.0.1', 0);
    expect(s.tls()).toEqual({ mode: 'self-signed' });
    store.set('lan.tls', { mode: 'files', cert: 3 });
    expect(s.tls()).toEqual({ mode: 'off' });
    s.adopt({ host: '127.0.0.1', port: 0 }, { mode: 'off' });
    expect(m.get('lan.tls')).toEqual({ mode: 'off' });
  });
});

describe("the window's trust in its own server's certificate", () => {
  it('accepts exactly the certificate with the reported fingerprint, at the server’s origin only', () => {
    const mine = { cert: MINE };
    const other = { cert: OTHER };
    const fingerprint = fingerprintOfPem(mine.cert)!;
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const handler = trustOwnServer(() => ({ origin: 'https://127.0.0.1:9443', fingerprint }));
    const ask = (url: string, pem: string) => {
      const event = { preventDefault: vi.fn() };
      const callback = vi.fn();
      handler(event, null, url, 'net::ERR_CERT_AUTHORITY_INVALID', { data: pem }, callback);
      return { prevented: event.preventDefault.mock.calls.length > 0, trusted: callback.mock.calls[0]?.[0] };
    };
    expect(ask('https://127.0.0.1:9443/admin/lan', mine.cert)).toEqual({ prevented: true, trusted: true });
    expect(ask('https://127.0.0.1:9443/', other.cert)).toEqual({ prevented: false, trusted: false });
    expect(ask('https://evil.example:9443/', mine.cert)).toEqual({ prevented: false, trusted: false });
    expect(ask('https://127.0.0.1:9443/', 'not a certificate')).toEqual({ prevented: false, trusted: false });
    const plain = trustOwnServer(() => ({ origin: 'http://127.0.0.1:9080', fingerprint: null }));
    const cb = vi.fn();
    plain({ preventDefault: vi.fn() }, null, 'https://127.0.0.1:9080/', 'x', { data: mine.cert }, cb);
    expect(cb).toHaveBeenCalledWith(false);
  });
});
