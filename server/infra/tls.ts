/**
 * Optional HTTPS: a team's own certificate (--tls-cert/--tls-key, PEM) or one Lantern makes for itself
 * (--tls self-signed), kept in the data dir. Plain HTTP on the same port is told to come back over
 * HTTPS: the first byte of each connection says which it is (22, a TLS handshake record, or the
 * letter of an HTTP method).
 */
import { X509Certificate, createPrivateKey, webcrypto } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, isIP, type Server as NetServer, type Socket } from 'node:net';
import { hostname, type NetworkInterfaceInfo } from 'node:os';
import { join } from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { lanAddresses } from './host-control.js';
import { readStoredLabel } from './mdns-name.js';

/** How the server speaks to browsers (Config.tls); null: plain HTTP. */
export type TlsSetting = { readonly mode: 'self-signed' } | { readonly mode: 'files'; readonly certFile: string; readonly keyFile: string };

/** What the admin page, the console and the desktop shell may know of the certificate (never the key). */
export interface TlsInfo {
  readonly mode: 'self-signed' | 'files';
  /** SHA-256 of the certificate, colon-separated upper-case hex, as browsers show it. */
  readonly fingerprint: string;
  /** The names and addresses it is valid for (DNS names, then IP addresses). */
  readonly names: string[];
  readonly notAfter: Date;
  /** The PEM files (own certificate) or where the self-signed one is kept. */
  readonly certFile: string;
  readonly keyFile: string;
  /** Why a self-signed certificate was made at this start, if it was (null: the kept one was used). */
  readonly made: string | null;
}

/** A loaded certificate with its key, for the HTTPS server. */
export interface TlsMaterial {
  readonly cert: string;
  readonly key: string;
  readonly info: TlsInfo;
}

/** HSTS max-age: a day for a self-signed certificate (it may go away again soon), 30 days for a team's own. */
export const HSTS_SELF_SIGNED_S = 86_400;
export const HSTS_OWN_S = 30 * 86_400;

/** How long a self-signed certificate is made for, and how early before its end it is made anew. */
const SELF_SIGNED_DAYS = 730;
const RENEW_BEFORE_DAYS = 30;

/** The names a self-signed certificate is made for. */
export interface CertificateNames {
  dns: string[];
  ips: string[];
}

/**
 * The names and addresses this machine is opened by: localhost, the host name and `<host>.local`
 * (plus any other name given, e.g. an mDNS name), loopback and each LAN address.
 */
export function certificateNames(hostname: string, lanAddresses: string[], extraDns: string[] = []): CertificateNames {
  const label = hostname
    .trim()
    .toLowerCase()
    .replace(/\.local$/, '')
    .replace(/[^a-z0-9.-]/g, '-');
  const dns = ['localhost'];
  if (label && label !== 'localhost') dns.push(label, `${label.split('.')[0]}.local`);
  for (const name of extraDns) if (/^[a-z0-9.-]+$/i.test(name)) dns.push(name.toLowerCase());
  const ips = ['127.0.0.1', '::1', ...lanAddresses.filter((a) => isIP(a) !== 0)];
  return { dns: [...new Set(dns)], ips: [...new Set(ips)] };
}

/**
 * This server's names and addresses: the machine's host name, its LAN addresses and, when it
 * advertises over mDNS, the `.local` name it chose (kept in the data dir; on the very first start it is
 * chosen after the certificate is made, so the next start makes the certificate anew with it).
 */
export function siteCertificateNames(
  config: { dataDir: string; mdns?: boolean },
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): CertificateNames {
  const mdnsLabel = config.mdns ? readStoredLabel(config.dataDir) : null;
  return certificateNames(hostname(), lanAddresses(interfaces), mdnsLabel ? [`${mdnsLabel}.local`] : []);
}

/** Colon-separated upper-case hex, as browsers show a fingerprint. */
function fingerprintOf(cert: X509Certificate): string {
  return cert.fingerprint256;
}

/** The DNS names and IP addresses of a certificate's subjectAltName. */
export function namesOf(cert: X509Certificate): CertificateNames {
  const dns: string[] = [];
  const ips: string[] = [];
  for (const part of (cert.subjectAltName ?? '').split(/,\s*/)) {
    if (part.startsWith('DNS:')) dns.push(part.slice(4));
    else if (part.startsWith('IP Address:')) ips.push(normaliseIp(part.slice(11)));
  }
  return { dns, ips };
}

/** Node prints IPv6 SAN addresses in full (0:0:0:0:0:0:0:1); compare them compressed. */
function normaliseIp(ip: string): string {
  if (!ip.includes(':')) return ip;
  try {
    return new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  } catch {
    return ip;
  }
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function toPem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.replace(/.{1,64}/g, '$&\n')}-----END ${label}-----\n`;
}

/** Makes a self-signed ECDSA P-256 certificate for the names, valid from an hour ago for two years. */
export async function makeSelfSigned(names: CertificateNames, now: Date = new Date()): Promise<{ cert: string; key: string }> {
  // loaded only when a certificate is made (once, then kept); its dependency injection needs the Reflect polyfill
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  const crypto = webcrypto as unknown as Crypto;
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await crypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: Buffer.from(crypto.getRandomValues(new Uint8Array(16)))
        .toString('hex')
        .replace(/^[89a-f]/, '1'),
      name: `CN=${names.dns[1] ?? 'localhost'}, O=Lantern (self-signed)`,
      notBefore: new Date(now.getTime() - 3600_000),
      notAfter: new Date(now.getTime() + SELF_SIGNED_DAYS * 86_400_000),
      signingAlgorithm: alg,
      keys,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
        new x509.SubjectAlternativeNameExtension([
          ...names.dns.map((value) => ({ type: 'dns' as const, value })),
          ...names.ips.map((value) => ({ type: 'ip' as const, value })),
        ]),
        await x509.SubjectKeyIdentifierExtension.create(keys.publicKey, false, crypto),
      ],
    },
    crypto,
  );
  const key = toPem('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', keys.privateKey));
  return { cert: cert.toString('pem') + '\n', key };
}

/** Writes a file readable by its owner only (the key), through a temporary name so no half file is ever read. */
async function writePrivate(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text, { mode: 0o600 });
  await chmod(tmp, 0o600);
  await rename(tmp, file);
}

/** Where the self-signed certificate and its key are kept. */
export function selfSignedFiles(dataDir: string): { certFile: string; keyFile: string } {
  return { certFile: join(dataDir, 'tls', 'self-signed-cert.pem'), keyFile: join(dataDir, 'tls', 'self-signed-key.pem') };
}

/**
 * The self-signed certificate kept in the data dir, made when there is none, when it no longer names
 * exactly these names and addresses (the machine got another LAN address), or when it ends within 30 days.
 */
export async function ensureSelfSigned(dataDir: string, names: CertificateNames, now: Date = new Date()): Promise<TlsMaterial> {
  const { certFile, keyFile } = selfSignedFiles(dataDir);
  let made: string | null = null;
  try {
    const [cert, key] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
    const parsed = new X509Certificate(cert);
    const has = namesOf(parsed);
    if (!parsed.checkPrivateKey(createPrivateKey(key))) made = 'its key did not match';
    else if (!sameSet(has.dns, names.dns) || !sameSet(has.ips, names.ips))
      made = `the names and addresses changed: it was for ${[...has.dns, ...has.ips].join(', ')}`;
    else if (new Date(parsed.validTo).getTime() - now.getTime() < RENEW_BEFORE_DAYS * 86_400_000) made = 'the old one was ending';
    else return { cert, key, info: infoOf('self-signed', parsed, certFile, keyFile, null) };
  } catch (err) {
    made = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there was none' : 'the kept one could not be read';
  }
  const fresh = await makeSelfSigned(names, now);
  await mkdir(join(dataDir, 'tls'), { recursive: true, mode: 0o700 });
  await writePrivate(keyFile, fresh.key);
  await writeFile(certFile, fresh.cert);
  return { ...fresh, info: infoOf('self-signed', new X509Certificate(fresh.cert), certFile, keyFile, made) };
}

function infoOf(mode: TlsInfo['mode'], cert: X509Certificate, certFile: string, keyFile: string, made: string | null): TlsInfo {
  const names = namesOf(cert);
  return {
    mode,
    fingerprint: fingerprintOf(cert),
    names: [...names.dns, ...names.ips],
    notAfter: new Date(cert.validTo),
    certFile,
    keyFile,
    made,
  };
}

/**
 * A team's own certificate (PEM; the file may hold the chain after it) and key, checked: both parse,
 * and the key is the certificate's. Throws a message that names the file at fault.
 */
export async function loadOwnCertificate(certFile: string, keyFile: string): Promise<TlsMaterial> {
  const cert = await readFile(certFile, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the TLS certificate ${certFile}: ${err.code ?? err.message}`);
  });
  const key = await readFile(keyFile, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the TLS key ${keyFile}: ${err.code ?? err.message}`);
  });
  let parsed: X509Certificate;
  try {
    parsed = new X509Certificate(cert);
  } catch {
    throw new Error(`${certFile} is not a PEM certificate`);
  }
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`${keyFile} is not a PEM private key (an encrypted key is not supported)`);
  }
  if (!parsed.checkPrivateKey(privateKey)) throw new Error(`the key ${keyFile} does not belong to the certificate ${certFile}`);
  return { cert, key, info: infoOf('files', parsed, certFile, keyFile, null) };
}

/** Loads the certificate a setting asks for (making the self-signed one if needed). */
export function loadTls(setting: TlsSetting, dataDir: string, names: () => CertificateNames): Promise<TlsMaterial> {
  return setting.mode === 'files' ? loadOwnCertificate(setting.certFile, setting.keyFile) : ensureSelfSigned(dataDir, names());
}

/** A Host header fit to redirect to (a name or address with an optional port), else null. */
function safeHost(raw: string | undefined): string | null {
  if (!raw || raw.length > 255) return null;
  return /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.test(raw) ? raw : null;
}

/** Plain HTTP on the HTTPS port: the same address over https (308 keeps the method and body). */
export function redirectToHttps(fallbackHost: () => string): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const host = safeHost(req.headers.host) ?? fallbackHost();
    const path = (req.url ?? '/').startsWith('/') ? (req.url ?? '/') : '/';
    const location = `https://${host}${path}`;
    res.writeHead(308, { Location: location, 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' });
    res.end(`This Lantern serves HTTPS: ${location}\n`);
  };
}

/** A listening server with the connection controls app.close() uses. */
export interface FrontServer extends NetServer {
  closeIdleConnections(): void;
  closeAllConnections(): void;
}

/**
 * One port for both: each connection's first byte decides (22 starts a TLS handshake; anything else
 * is plain HTTP, which is redirected). A connection that sends nothing for 10 s is closed.
 */
export function httpsFront(
  app: RequestListener,
  material: TlsMaterial,
  opts: { keepAliveTimeout: number; host: () => string },
): FrontServer {
  const https = createHttpsServer({ cert: material.cert, key: material.key, minVersion: 'TLSv1.2' }, app);
  const http = createHttpServer(redirectToHttps(opts.host));
  https.keepAliveTimeout = opts.keepAliveTimeout;
  http.keepAliveTimeout = 1000;
  const route = (socket: Socket) => {
    const first = socket.read(1) as Buffer | null;
    if (first === null) {
      socket.once('readable', () => route(socket));
      return;
    }
    socket.setTimeout(0);
    socket.removeListener('error', ignore);
    socket.unshift(first);
    (first[0] === 22 ? https : http).emit('connection', socket);
  };
  const ignore = () => undefined;
  const front = createNetServer({ pauseOnConnect: false }, (socket) => {
    // a reset before the first byte is no one's business
    socket.on('error', ignore);
    socket.setTimeout(10_000, () => socket.destroy());
    route(socket);
  }) as FrontServer;
  front.closeIdleConnections = () => {
    https.closeIdleConnections();
    http.closeIdleConnections();
  };
  front.closeAllConnections = () => {
    https.closeAllConnections();
    http.closeAllConnections();
  };
  return front;
}

/**
 * With TLS on: HSTS on every answer (short for a self-signed certificate, never preload) and the
 * Secure attribute on every cookie set.
 */
export function httpsOnly(info: TlsInfo) {
  const hsts = `max-age=${info.mode === 'self-signed' ? HSTS_SELF_SIGNED_S : HSTS_OWN_S}`;
  return (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Strict-Transport-Security', hsts);
    const cookie = res.cookie.bind(res);
    res.cookie = ((name: string, value: unknown, options: object = {}) =>
      cookie(name, value, { ...options, secure: true })) as typeof res.cookie;
    next();
  };
}
