import type { Packet } from 'dns-packet';
import type { DiscoveredSite } from '../src-preload/contract';

/** The part of a multicast-dns instance discovery uses (a fake in tests). */
export interface MdnsClient {
  on(event: 'response', listener: (packet: Packet) => void): unknown;
  query(packet: Packet): void;
  destroy(cb?: () => void): void;
}

const SERVICES = ['_http._tcp.local', '_https._tcp.local'] as const;
const lower = (s: string) => s.toLowerCase().replace(/\.$/, '');
const DNS_NAME = /^(?=.{1,253}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$/i;
const BASE_PATH = /^\/[A-Za-z0-9._~\-/]*$/;

/** A record as read here (dns-packet's Answer is a union with OPT, which has no ttl or data). */
type Rec = { name: string; type: string; ttl?: number; data?: unknown };

interface Held {
  record: Rec;
  expires: number;
}

/**
 * Lantern sites on the network: browses `_http._tcp` and `_https._tcp` over mDNS and keeps the
 * services whose TXT has the `lantern` key (server/infra/mdns.ts advertises them), with the SRV
 * target, port and A addresses. Records live for their TTL; a goodbye (TTL 0) drops one at once.
 * What it builds from the network is checked: only http(s) URLs of a DNS name or IPv4 address, a
 * port and a plain path.
 */
export class SiteDiscovery {
  private client: MdnsClient | null = null;
  private readonly held = new Map<string, Held>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly makeClient: () => MdnsClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts listening (once) and asks the network for the services. */
  refresh(): void {
    if (!this.client) {
      this.client = this.makeClient();
      this.client.on('response', (p) => this.take(p));
    }
    this.client.query({ type: 'query', questions: SERVICES.map((name) => ({ name, type: 'PTR' as const })) });
  }

  /** Calls `listener` whenever a response changed what is known; returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once a site is known, or after `ms` (with what is known then). */
  async waitForSites(ms: number): Promise<DiscoveredSite[]> {
    if (this.sites().length) return this.sites();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      const off = this.onChange(() => this.sites().length && done());
      function done() {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
    return this.sites();
  }

  stop(): void {
    this.client?.destroy();
    this.client = null;
  }

  private take(packet: Packet): void {
    const at = this.now();
    for (const r of [...(packet.answers ?? []), ...(packet.additionals ?? [])] as Rec[]) {
      if (!['PTR', 'SRV', 'TXT', 'A'].includes(r.type)) continue;
      const key = `${lower(r.name)}|${r.type}|${r.type === 'PTR' || r.type === 'A' ? String(r.data) : ''}`;
      if ((r.ttl ?? 0) === 0) this.held.delete(key);
      else this.held.set(key, { record: r, expires: at + (r.ttl ?? 0) * 1000 });
    }
    this.listeners.forEach((l) => l());
  }

  private records(name: string, type: string): Rec[] {
    const at = this.now();
    const out: Rec[] = [];
    for (const [key, h] of this.held) {
      if (h.expires <= at) this.held.delete(key);
      else if (h.record.type === type && lower(h.record.name) === lower(name)) out.push(h.record);
    }
    return out;
  }

  /** The Lantern sites seen and not expired, by name. */
  sites(): DiscoveredSite[] {
    const out: DiscoveredSite[] = [];
    for (const service of SERVICES) {
      for (const ptr of this.records(service, 'PTR')) {
        const instance = String(ptr.data);
        const srv = this.records(instance, 'SRV')[0]?.data as { port?: number; target?: string } | undefined;
        const txt = this.records(instance, 'TXT')[0]?.data;
        if (!srv?.target || !srv.port || !txt) continue;
        const keys = txtKeys(txt);
        const target = lower(srv.target);
        if (!('lantern' in keys) || !DNS_NAME.test(target) || srv.port < 1 || srv.port > 65535) continue;
        const path = keys.path && BASE_PATH.test(keys.path) ? keys.path.replace(/\/+$/, '') : '';
        const addresses = this.records(target, 'A')
          .map((a) => String(a.data))
          .filter((a) => /^\d{1,3}(\.\d{1,3}){3}$/.test(a));
        const scheme = service === '_https._tcp.local' ? 'https' : 'http';
        const name = instance.slice(0, -(service.length + 1)).replace(/\u2024/g, '.');
        out.push({
          name,
          url: `${scheme}://${target}:${srv.port}${path}/`,
          addressUrls: addresses.map((a) => `${scheme}://${a}:${srv.port}${path}/`),
          version: keys.version ?? '',
        });
      }
    }
    const seen = new Set<string>();
    return out.filter((s) => !seen.has(s.url) && seen.add(s.url)).sort((a, b) => a.name.localeCompare(b.name));
  }
}

/** TXT strings (`key=value`) as an object; a key without `=` has the value ''. */
function txtKeys(data: unknown): Record<string, string> {
  const list = Array.isArray(data) ? data : [data];
  const out: Record<string, string> = {};
  for (const item of list) {
    const s = Buffer.isBuffer(item) ? item.toString('utf8') : String(item);
    const eq = s.indexOf('=');
    const key = (eq < 0 ? s : s.slice(0, eq)).toLowerCase();
    if (key && !(key in out)) out[key] = eq < 0 ? '' : s.slice(eq + 1);
  }
  return out;
}
