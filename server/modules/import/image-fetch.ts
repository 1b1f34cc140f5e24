import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Limits of one remote image fetch. */
export interface FetchLimits {
  /** Bytes at most (the body is dropped past it). */
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Redirects followed at most (each to an address checked again). */
  maxRedirects: number;
  /** Whether the server may connect to this address; the default refuses private, loopback and other non-public ones. */
  addressAllowed?: (address: string) => boolean;
}

/** Addresses no import connects to: this machine, the LAN, link-local (cloud metadata), multicast, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** Whether an address is a public one (an IPv4-mapped IPv6 address is judged as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const family = isIP(ip);
  if (!family) return false;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** A DNS lookup that refuses a host whose addresses are not all allowed (checked when connecting, so a rebinding DNS cannot slip past). */
function guardedLookup(allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => !allowed(a.address));
      if (refused || !addresses.length) {
        const e = Object.assign(new Error(`refused address ${refused?.address ?? '(none)'} for ${hostname}`), { code: 'EREFUSED_ADDRESS' });
        return callback(e, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Why a fetch gave no image. */
export class FetchRefused extends Error {}

/**
 * GETs an http(s) URL with the limits: only http and https, every address checked before the
 * connection (an IP literal too), redirects re-checked, the body cut at maxBytes. Resolves with the bytes.
 */
export async function fetchRemote(url: string, limits: FetchLimits): Promise<Buffer> {
  const allowed = limits.addressAllowed ?? isPublicAddress;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const u = new URL(current);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new FetchRefused(`not http(s): ${u.protocol}`);
    const literal = u.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !allowed(literal)) throw new FetchRefused(`refused address ${literal}`);
    const got = await getOnce(u, limits.maxBytes, signal, guardedLookup(allowed));
    if ('redirect' in got) {
      current = new URL(got.redirect, u).href;
      continue;
    }
    return got.body;
  }
  throw new FetchRefused('too many redirects');
}

function getOnce(u: URL, maxBytes: number, signal: AbortSignal, lookup: LookupFunction): Promise<{ body: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const get = u.protocol === 'https:' ? https.get : http.get;
    const req = get(u, { signal, lookup, headers: { accept: 'image/*', 'user-agent': 'Lantern-import' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ redirect: res.headers.location });
      }
      if (status !== 200) {
        res.resume();
        return reject(new FetchRefused(`HTTP ${status}`));
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        res.destroy();
        return reject(new FetchRefused(`over ${maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new FetchRefused(`over ${maxBytes} bytes`));
        } else chunks.push(c);
      });
      res.on('end', () => resolve({ body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
