import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { NetworkInterfaceInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PeerCertificate } from 'node:tls';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { loadConfig, makeConfig, tlsFrom } from '../config.js';
import { createApp } from '../app.js';
import { servingBanner } from './serving-urls.js';
import { certificateNames, ensureSelfSigned, HSTS_OWN_S, HSTS_SELF_SIGNED_S, makeSelfSigned, namesOf, selfSignedFiles } from './tls.js';

// Issue 39: HTTPS with a team's own certificate or a self-signed one Lantern makes and keeps; plain
// HTTP on the same port is sent to HTTPS; HSTS and Secure cookies; the fingerprint to compare.

const scratch = mkdtempSync(join(tmpdir(), 'lantern-tls-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let app: TestApp | null = null;
afterEach(async () => {
  await app?.stop();
  app = null;
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  peerFingerprint?: string;
}

/**
 * An HTTPS request that trusts only the certificate with this SHA-256 fingerprint: the PEM is given as
 * the only CA (a self-signed certificate verifies against itself) and checkServerIdentity compares the
 * fingerprint, as a colleague does by eye.
 */
function pinned(url: string, certPem: string, fingerprint: string, opts: { method?: string; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      url,
      {
        method: opts.method ?? 'GET',
        agent: false,
        ca: certPem,
        headers: opts.body ? { 'content-type': 'application/json' } : {},
        checkServerIdentity: (_host: string, cert: PeerCertificate) =>
          cert.fingerprint256 === fingerprint ? undefined : new Error(`pinned ${fingerprint}, got ${cert.fingerprint256}`),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            peerFingerprint: (res.socket as unknown as { getPeerCertificate(): PeerCertificate }).getPeerCertificate?.()?.fingerprint256,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Plain HTTP to a URL (no redirect followed). */
function plain(url: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the TLS flags', () => {
  it('reads --tls self-signed, --tls-cert/--tls-key and their environment variables; flags win', () => {
    const base = ['--data-dir', scratch];
    expect(loadConfig(base, {}).tls).toBeNull();
    expect(loadConfig([...base, '--tls', 'self-signed'], {}).tls).toEqual({ mode: 'self-signed' });
    expect(loadConfig(base, { LANTERN_TLS: 'self-signed' }).tls).toEqual({ mode: 'self-signed' });
    expect(loadConfig([...base, '--tls-cert', 'c.pem', '--tls-key', 'k.pem'], {}).tls).toEqual({
      mode: 'files',
      certFile: join(process.cwd(), 'c.pem'),
      keyFile: join(process.cwd(), 'k.pem'),
    });
    expect(loadConfig(base, { LANTERN_TLS_CERT: '/a/c.pem', LANTERN_TLS_KEY: '/a/k.pem' }).tls).toEqual({
      mode: 'files',
      certFile: '/a/c.pem',
      keyFile: '/a/k.pem',
    });
    expect(loadConfig([...base, '--tls', 'off'], { LANTERN_TLS: 'self-signed' }).tls).toBeNull();
  });

  it.each([
    [['bogus', undefined, undefined], /--tls takes self-signed or off/],
    [[undefined, 'c.pem', undefined], /--tls-cert and --tls-key go together/],
    [[undefined, undefined, 'k.pem'], /--tls-cert and --tls-key go together/],
    [['self-signed', 'c.pem', 'k.pem'], /leave out --tls-cert/],
  ] as const)('refuses %j', (args, error) => {
    expect(() => tlsFrom(args[0], args[1], args[2])).toThrow(error);
  });
});

describe('the self-signed certificate', () => {
  const names = certificateNames('Desk-7', ['192.168.1.20', '10.0.0.7'], ['lantern.local']);

  it('names localhost, the host name, <host>.local, loopback and each LAN address', () => {
    expect(names).toEqual({
      dns: ['localhost', 'desk-7', 'desk-7.local', 'lantern.local'],
      ips: ['127.0.0.1', '::1', '192.168.1.20', '10.0.0.7'],
    });
  });

  it('is made once with a 0600 key, kept across starts, and made anew (saying why) when the addresses change', async () => {
    const dir = mkdtempSync(join(scratch, 'keep-'));
    const now = new Date('2026-11-29T12:00:00Z');
    const first = await ensureSelfSigned(dir, names, now);
    expect(first.info.made).toBe('there was none');
    expect(statSync(selfSignedFiles(dir).keyFile).mode & 0o777).toBe(0o600);
    const cert = new X509Certificate(first.cert);
    expect(namesOf(cert)).toEqual(names);
    expect(first.info.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(first.info.fingerprint).toBe(cert.fingerprint256);
    // two years
    expect(new Date(cert.validTo).getTime() - now.getTime()).toBeGreaterThan(729 * 86_400_000);

    const again = await ensureSelfSigned(dir, names, now);
    expect(again.info).toMatchObject({ made: null, fingerprint: first.info.fingerprint });

    const moved = await ensureSelfSigned(dir, { ...names, ips: ['127.0.0.1', '::1', '192.168.7.5'] }, now);
    expect(moved.info.made).toMatch(/names and addresses changed/);
    expect(moved.info.fingerprint).not.toBe(first.info.fingerprint);
    expect(moved.info.names).toContain('192.168.7.5');

    const late = await ensureSelfSigned(
      dir,
      { ...names, ips: ['127.0.0.1', '::1', '192.168.7.5'] },
      new Date(now.getTime() + 720 * 86_400_000),
    );
    expect(late.info.made).toBe('the old one was ending');
  });
});

describe('HTTPS with a self-signed certificate', () => {
  it('answers HTTPS to a client that pins its fingerprint, with HSTS (a day, no preload) and Secure cookies', async () => {
    app = await startTestApp({ config: { tls: { mode: 'self-signed' } } });
    const tls = app.lantern.ctx.tls!;
    expect(app.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const certPem = (await import('node:fs')).readFileSync(tls.certFile, 'utf8');

    const health = await pinned(`${app.url}/healthz`, certPem, tls.fingerprint);
    expect(health.status).toBe(200);
    expect(health.body).toBe('OK');
    expect(health.peerFingerprint).toBe(tls.fingerprint);
    expect(health.headers['strict-transport-security']).toBe(`max-age=${HSTS_SELF_SIGNED_S}`);
    expect(HSTS_SELF_SIGNED_S).toBe(86_400);

    const login = await pinned(`${app.url}/answer/api/v1/user/login/email`, certPem, tls.fingerprint, {
      method: 'POST',
      body: JSON.stringify({ e_mail: 'admin@example.com', pass: 'admin-password' }),
    });
    expect(login.status).toBe(200);
    const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    expect(cookies.find((c) => c.startsWith('visit='))).toMatch(/;\s*Secure/i);

    // a client that pins another fingerprint is refused (the pin is what is checked)
    await expect(pinned(`${app.url}/healthz`, certPem, tls.fingerprint.replace(/^../, '00'))).rejects.toThrow(/pinned/);
  });

  it('sends plain HTTP on the same port to the same address over HTTPS', async () => {
    app = await startTestApp({ config: { tls: { mode: 'self-signed' } } });
    const httpUrl = app.url.replace(/^https:/, 'http:');
    const r = await plain(`${httpUrl}/questions?page=2`);
    expect(r.status).toBe(308);
    expect(r.headers.location).toBe(`${app.url}/questions?page=2`);
    const post = await plain(`${httpUrl}/answer/api/v1/user/login/email`, 'POST');
    expect(post.status).toBe(308);
    expect(post.headers.location).toBe(`${app.url}/answer/api/v1/user/login/email`);
    // and HTTPS keeps working after plain connections came and went
    const tls = app.lantern.ctx.tls!;
    const certPem = (await import('node:fs')).readFileSync(tls.certFile, 'utf8');
    expect((await pinned(`${app.url}/healthz`, certPem, tls.fingerprint)).status).toBe(200);
  });

  it('prints https URLs and the fingerprint at start', async () => {
    const lo: NodeJS.Dict<NetworkInterfaceInfo[]> = {
      eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false } as NetworkInterfaceInfo],
    };
    const banner = servingBanner({ host: '0.0.0.0', port: 9443, basePath: '', scheme: 'https' }, lo, '/data', {
      fingerprint: 'AB:CD',
      hints: ["If a colleague cannot open the address, allow incoming connections on TCP port 9443 in this computer's firewall."],
    });
    expect(banner).toContain('  https://127.0.0.1:9443/  (from this computer)');
    expect(banner).toContain('  https://192.168.1.20:9443/  (from the LAN)');
    expect(banner).not.toContain('http://');
    expect(banner).toContain('HTTPS certificate SHA-256 fingerprint');
    expect(banner).toContain('  AB:CD');
    expect(banner).toContain('Note: If a colleague cannot open the address, allow incoming connections on TCP port 9443');
  });
});

describe("HTTPS with the team's own certificate", () => {
  it('serves the given PEM files, with a longer HSTS', async () => {
    const own = await makeSelfSigned(certificateNames('team-server', []));
    const certFile = join(scratch, 'own-cert.pem');
    const keyFile = join(scratch, 'own-key.pem');
    writeFileSync(certFile, own.cert);
    writeFileSync(keyFile, own.key);
    app = await startTestApp({ config: { tls: { mode: 'files', certFile, keyFile } } });
    const fingerprint = new X509Certificate(own.cert).fingerprint256;
    expect(app.lantern.ctx.tls).toMatchObject({ mode: 'files', fingerprint, certFile, keyFile });
    const r = await pinned(`${app.url}/healthz`, own.cert, fingerprint);
    expect(r.status).toBe(200);
    expect(r.headers['strict-transport-security']).toBe(`max-age=${HSTS_OWN_S}`);
  });

  it('refuses to start with a key that is not the certificate’s, or a file that is not PEM, naming the file', async () => {
    const a = await makeSelfSigned(certificateNames('a', []));
    const b = await makeSelfSigned(certificateNames('b', []));
    const certFile = join(scratch, 'a-cert.pem');
    const keyFile = join(scratch, 'b-key.pem');
    writeFileSync(certFile, a.cert);
    writeFileSync(keyFile, b.key);
    const dataDir = mkdtempSync(join(scratch, 'bad-'));
    await expect(createApp(makeConfig({ dataDir, logLevel: 'silent', tls: { mode: 'files', certFile, keyFile } }))).rejects.toThrow(
      `the key ${keyFile} does not belong to the certificate ${certFile}`,
    );
    await expect(
      createApp(makeConfig({ dataDir, logLevel: 'silent', tls: { mode: 'files', certFile: keyFile, keyFile } })),
    ).rejects.toThrow(`${keyFile} is not a PEM certificate`);
    await expect(
      createApp(makeConfig({ dataDir, logLevel: 'silent', tls: { mode: 'files', certFile: join(scratch, 'nope.pem'), keyFile } })),
    ).rejects.toThrow(/cannot read the TLS certificate .*nope\.pem: ENOENT/);
  });
});

describe('plain HTTP (no TLS) is as before', () => {
  it('sends no HSTS and no Secure cookie', async () => {
    app = await startTestApp();
    expect(app.url).toMatch(/^http:\/\//);
    const r = await app.call('POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'admin@example.com', pass: 'admin-password' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('strict-transport-security')).toBeNull();
    expect(r.headers.get('set-cookie')).not.toMatch(/Secure/i);
    expect(app.lantern.ctx.tls).toBeNull();
  });
});
