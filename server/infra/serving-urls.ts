import type { NetworkInterfaceInfo } from 'node:os';
import { lanAddresses } from './host-control.js';

/** Where the server listens, as `listen()` bound it. */
export interface ServingAt {
  host: string;
  port: number;
  basePath: string;
  /** https when the server has a certificate (default http). */
  scheme?: 'http' | 'https';
}

/** A URL that reaches the server, and from where. */
export interface ServingUrl {
  url: string;
  from: 'this computer' | 'the LAN';
}

/**
 * The URLs that work for a binding: on every interface (0.0.0.0 / ::) loopback for this machine and
 * one per LAN address of the machine (never the unopenable `0.0.0.0`); otherwise the bound address.
 */
export function servingUrls(at: ServingAt, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): ServingUrl[] {
  const url = (host: string) => `${at.scheme ?? 'http'}://${host.includes(':') ? `[${host}]` : host}:${at.port}${at.basePath}/`;
  if (at.host === '0.0.0.0' || at.host === '::') {
    return [
      { url: url('127.0.0.1'), from: 'this computer' },
      ...lanAddresses(interfaces).map((h) => ({ url: url(h), from: 'the LAN' as const })),
    ];
  }
  const local = at.host === '127.0.0.1' || at.host === 'localhost' || at.host === '::1';
  return [{ url: url(at.host), from: local ? 'this computer' : 'the LAN' }];
}

/** The lines `npm run serve` prints once it listens. */
export function servingBanner(
  at: ServingAt,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
  dataDir: string,
  /** The certificate's SHA-256 for a colleague to compare, and the LAN hints (one sentence each). */
  extra: { fingerprint?: string; certificateNote?: string; hints?: string[]; localName?: string } = {},
): string {
  const urls = servingUrls(at, interfaces);
  const lines = [`Lantern is serving (data: ${dataDir}). Open in a browser:`, ...urls.map((u) => `  ${u.url}  (from ${u.from})`)];
  // the mDNS name (server/infra/mdns.ts): the address that stays when DHCP hands out another
  if (extra.localName) lines.push(`  ${extra.localName}/  (from the LAN, by name)`);
  if ((at.host === '0.0.0.0' || at.host === '::') && urls.length === 1)
    lines.push('  (no LAN address found: this machine is on no network other machines can reach)');
  if (extra.fingerprint)
    lines.push(`HTTPS certificate SHA-256 fingerprint (browsers show it; compare before trusting):`, `  ${extra.fingerprint}`);
  if (extra.certificateNote) lines.push(extra.certificateNote);
  for (const hint of extra.hints ?? []) lines.push(`Note: ${hint}`);
  return `${lines.join('\n')}\n`;
}
