import { isIP } from 'node:net';
import type { LanHint } from '../../contract/api/admin.js';

/** What the hints are worked out from: where the server listens and what the site URL says. */
export interface HintInput {
  /** The bound address (0.0.0.0 / :: for every interface). */
  host: string;
  port: number;
  basePath: string;
  scheme: 'http' | 'https';
  /** This machine's LAN addresses (IPv4, not loopback). */
  lanAddresses: string[];
  /** This machine's names a LAN browser may use (host name, host name.local, an mDNS name). */
  names: string[];
  /** The site URL setting ('' before it is set). */
  siteUrl: string;
  /** Whether the desktop app hosts the server (its switch, rather than a flag, serves the LAN). */
  managed: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether an address is loopback (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return LOOPBACK_HOSTS.has(h) || h.endsWith('.localhost') || /^127\./.test(h);
}

const urlOf = (scheme: string, host: string, port: number, basePath: string) =>
  `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${basePath}`;

/**
 * The site URL other computers can open while the server serves the LAN, or null when the current one
 * is fine (or cannot be judged: a name that is not this machine's may be a proxy's or a DNS name).
 */
export function siteUrlSuggestion(i: HintInput): { current: string; suggested: string } | null {
  const wildcard = i.host === '0.0.0.0' || i.host === '::';
  if (isLoopback(i.host)) return null;
  const reachable = wildcard ? i.lanAddresses : [i.host];
  if (reachable.length === 0) return null;
  const suggested = urlOf(i.scheme, reachable[0]!, i.port, i.basePath);
  // before install there is no site URL to judge
  if (!i.siteUrl) return null;
  let url: URL;
  try {
    url = new URL(i.siteUrl);
  } catch {
    return { current: i.siteUrl, suggested };
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isLoopback(host)) return { current: i.siteUrl, suggested };
  const ours = reachable.includes(host) || i.names.map((n) => n.toLowerCase()).includes(host);
  // an IP address that is not one this server answers on: nobody reaches Lantern there
  if (!ours) return isIP(host) !== 0 ? { current: i.siteUrl, suggested } : null;
  // one of ours, but another port or the other scheme than the server speaks
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (port !== i.port || url.protocol !== `${i.scheme}:`) {
    const sameHost = urlOf(i.scheme, host, i.port, url.pathname.replace(/\/+$/, '') || i.basePath);
    return { current: i.siteUrl, suggested: sameHost };
  }
  return null;
}

/**
 * What a LAN visitor meets when something is off, one sentence each: the server listens on loopback
 * only; a firewall may stand in the way; the site URL (in every mail) names an address other
 * computers cannot open.
 */
export function lanHints(i: HintInput): LanHint[] {
  const hints: LanHint[] = [];
  if (isLoopback(i.host)) {
    const shown = i.host;
    hints.push({
      kind: 'loopback_only',
      message: i.managed
        ? `Lantern listens only on this computer (${shown}): other computers cannot open it; switch on Serve on the LAN to let them.`
        : `Lantern listens only on this computer (${shown}); start it with --host 0.0.0.0 or switch on Serve on the LAN.`,
      host: shown,
    });
    return hints;
  }
  hints.push({
    kind: 'firewall',
    message: `If a colleague cannot open the address, allow incoming connections on TCP port ${i.port} in this computer's firewall.`,
    port: i.port,
  });
  const site = siteUrlSuggestion(i);
  if (site)
    hints.push({
      kind: 'site_url',
      message: `Mails link to ${site.current}, which other computers cannot open; set the site URL to ${site.suggested}.`,
      site_url: site.current,
      suggested: site.suggested,
    });
  return hints;
}
