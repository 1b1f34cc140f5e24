import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Where a hook may send. Loopback, private (RFC 1918, CGNAT, IPv6 unique-local) and link-local
// addresses (169.254.0.0/16 holds cloud metadata services) are refused unless the hook allows LAN
// targets: a site on a LAN usually posts to a chat bot or CI on the same LAN, so the admin can opt
// in per hook, but a hook can never be pointed at the machine's own services by accident. The check
// runs on the addresses the name resolves to at connect time (a name that resolves to a LAN address
// later is refused then too). Unspecified, multicast and broadcast addresses are always refused.

const LAN = new BlockList();
LAN.addSubnet('10.0.0.0', 8, 'ipv4');
LAN.addSubnet('100.64.0.0', 10, 'ipv4');
LAN.addSubnet('127.0.0.0', 8, 'ipv4');
LAN.addSubnet('169.254.0.0', 16, 'ipv4');
LAN.addSubnet('172.16.0.0', 12, 'ipv4');
LAN.addSubnet('192.168.0.0', 16, 'ipv4');
LAN.addAddress('::1', 'ipv6');
LAN.addSubnet('fc00::', 7, 'ipv6');
LAN.addSubnet('fe80::', 10, 'ipv6');

const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addAddress('255.255.255.255', 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');

/** What an address is to a hook: public, on the LAN (or this machine), or never a target. */
export function addressClass(address: string): 'public' | 'lan' | 'never' {
  let a = address.replace(/^\[|\]$/g, '');
  // an IPv4 address written as IPv6 (::ffff:127.0.0.1) is judged as the IPv4 one
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  if (mapped) a = mapped[1];
  const family = isIP(a) === 6 ? 'ipv6' : 'ipv4';
  if (NEVER.check(a, family)) return 'never';
  if (LAN.check(a, family)) return 'lan';
  return 'public';
}

/** Why a URL cannot be a hook's target ('' when it can): checked when the hook is saved. */
export function urlProblem(
  raw: string,
  allowLan: boolean,
): '' | 'validation.url' | 'error.webhook.private_target' | 'error.webhook.url_credentials' {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'validation.url';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return 'validation.url';
  if (u.username || u.password) return 'error.webhook.url_credentials';
  const host = u.hostname.toLowerCase();
  const literal = isIP(host.replace(/^\[|\]$/g, '')) ? addressClass(host) : null;
  if (literal === 'never') return 'validation.url';
  const local = literal === 'lan' || host === 'localhost' || host.endsWith('.localhost');
  if (local && !allowLan) return 'error.webhook.private_target';
  return '';
}

/** A DNS lookup that fails for addresses the hook may not reach. */
function guardedLookup(allowLan: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = addresses.find((a) => {
        const c = addressClass(a.address);
        return c === 'never' || (c === 'lan' && !allowLan);
      });
      if (refused || !addresses.length) {
        const e = Object.assign(new Error(`refused target address ${refused?.address ?? '(none)'}`), { code: 'EWEBHOOKTARGET' });
        return callback(e, '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** What one POST to a hook came to. */
export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, unreachable). */
  code: number | null;
  /** Milliseconds from the start until the answer's headers (or the failure). */
  ms: number;
  /** The first bytes of the answer's body, as text. */
  excerpt: string;
  /** Why no answer came ('' when one did). */
  error: string;
}

/** How much of an answer's body is kept. */
export const EXCERPT_BYTES = 512;

/**
 * POSTs a body to a URL with the given headers: no redirects followed, at most `timeoutMs` in all,
 * only the first EXCERPT_BYTES of the answer read. Never throws.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: { allowLan: boolean; timeoutMs: number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (urlProblem(url, opts.allowLan)) return Promise.resolve({ code: null, ms: 0, excerpt: '', error: 'refused target address' });
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: Omit<SendResult, 'ms'>, ms = elapsed()) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...r, ms });
    };
    const u = new URL(url);
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(u, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(opts.allowLan),
      agent: false,
    });
    const timer = setTimeout(() => finish({ code: null, excerpt: '', error: `timed out after ${opts.timeoutMs} ms` }), opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ code: null, excerpt: '', error: (err.message || String(err.code)).slice(0, 300) }),
    );
    req.on('response', (res: IncomingMessage) => {
      const ms = elapsed();
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => {
        const excerpt = Buffer.concat(chunks)
          .subarray(0, EXCERPT_BYTES)
          .toString('utf8')
          .replace(/\uFFFD+$/, '');
        finish({ code: res.statusCode ?? null, excerpt, error: '' }, ms);
      };
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        size += c.length;
        if (size >= EXCERPT_BYTES) end();
      });
      res.on('end', end);
      res.on('error', end);
    });
    req.end(body);
  });
}
