/**
 * mDNS / DNS-SD responder (RFC 6762, RFC 6763) for a server that serves the LAN: a `_http._tcp` (or
 * `_https._tcp`) service named after the site, with TXT keys, and a `<name>.local` host name that
 * answers A queries with the address of the interface the query came in on. One socket per IPv4
 * interface (bound to 0.0.0.0 on the mDNS port, sharing it with any other responder, joined to
 * 224.0.0.251 on that interface, sending out of it). Names are probed before use; a name another
 * host answers for is given up for the next candidate (`team-qa-2`). Goodbye packets on stop.
 */
import type { NetworkInterfaceInfo } from 'node:os';
import type { RemoteInfo } from 'node:dgram';
import makeMdns from 'multicast-dns';
import type { Answer, Packet, Question } from 'dns-packet';

/** An address this host advertises, on its own interface. */
export interface LocalAddress {
  address: string;
  netmask: string;
}

/** What to advertise. */
export interface AdvertiseOptions {
  /** The DNS-SD instance name (the site name; no dots). */
  instance: string;
  /** Host labels to try in order (`team-qa`, `team-qa-2`, ...): the first nobody else answers for is taken. */
  hostLabels: string[];
  /** The HTTP(S) port. */
  port: number;
  /** `_http._tcp` or `_https._tcp`. */
  service: '_http._tcp' | '_https._tcp';
  /** TXT keys (`path`, `lantern`, `version`). */
  txt: Record<string, string>;
  /** The addresses to advertise now, one per interface (read again every `rescanMs`). */
  addresses(): LocalAddress[];
  /** The mDNS port: 5353 (tests use another so as not to meet the machine's own responder). */
  mdnsPort?: number;
  /** The gap between probes (RFC 6762: 250 ms). */
  probeMs?: number;
  /** How often the interfaces are looked at again (0: never). */
  rescanMs?: number;
  warn?(message: string, err?: unknown): void;
}

/** A running advertisement. */
export interface Advertiser {
  /** The host name taken, e.g. `team-qa.local`. */
  readonly host: string;
  /** The DNS-SD instance name, e.g. `Team Q&A` (another Lantern of that name on the LAN: `Team Q&A (2)`). */
  readonly instance: string;
  /** Sends goodbye packets (TTL 0) on every interface and closes the sockets. */
  stop(): Promise<void>;
}

const HOST_TTL = 120;
const OTHER_TTL = 4500;
const SERVICES = '_services._dns-sd._udp.local';
/** A record as read and written here (dns-packet's Answer is a union with OPT, which has no ttl or data). */
type Rec = { name: string; type: string; ttl?: number; flush?: boolean; data?: unknown };
const rec = (r: Answer) => r as Rec;
const same = (a: string, b: string) => a.toLowerCase().replace(/\.$/, '') === b.toLowerCase().replace(/\.$/, '');

/** Whether two IPv4 addresses share a subnet under a mask. */
export function sameSubnet(a: string, b: string, netmask: string): boolean {
  const n = (s: string) => s.split('.').reduce((acc, o) => ((acc << 8) | (Number(o) & 255)) >>> 0, 0);
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(a) || !/^\d+\.\d+\.\d+\.\d+$/.test(b)) return false;
  const m = n(netmask || '255.255.255.0');
  return (n(a) & m) === (n(b) & m);
}

/**
 * The IPv4 addresses to advertise for a binding: on every interface (0.0.0.0 / ::) each LAN address
 * (not loopback, not link-local); on one address, that one; `loopback` adds 127.0.0.1 (tests).
 */
export function advertisedAddresses(bindHost: string, interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>, loopback = false): LocalAddress[] {
  const all: (LocalAddress & { internal: boolean })[] = [];
  for (const list of Object.values(interfaces))
    for (const i of list ?? [])
      if (i.family === 'IPv4' && !i.address.startsWith('169.254.'))
        all.push({ address: i.address, netmask: i.netmask, internal: i.internal });
  const wildcard = bindHost === '0.0.0.0' || bindHost === '::';
  const chosen = all.filter(
    (a) => (wildcard ? !a.internal : a.address === bindHost && !a.internal) || (loopback && a.address.startsWith('127.')),
  );
  const seen = new Set<string>();
  return chosen.filter((a) => !seen.has(a.address) && seen.add(a.address)).map(({ address, netmask }) => ({ address, netmask }));
}

type Mdns = ReturnType<typeof makeMdns>;
interface Link {
  at: LocalAddress;
  mdns: Mdns;
}

/** Starts advertising; resolves once a host name has been probed and announced. */
export async function advertise(opts: AdvertiseOptions): Promise<Advertiser> {
  const mdnsPort = opts.mdnsPort ?? 5353;
  const probeMs = opts.probeMs ?? 250;
  const warn = opts.warn ?? (() => {});
  const domain = `${opts.service}.local`;
  const links = new Map<string, Link>();
  let host = '';
  let instance = opts.instance;
  const instanceFqdn = () => `${instance}.${domain}`;
  const ours = () => new Set([...links.keys()]);

  const records = (at: LocalAddress, ttlScale = 1): { answers: Answer[]; additionals: Answer[] } => {
    const t = (ttl: number) => ttl * ttlScale;
    const txt = Object.entries(opts.txt).map(([k, v]) => `${k}=${v}`);
    return {
      answers: [
        { name: domain, type: 'PTR', ttl: t(OTHER_TTL), data: instanceFqdn() },
        { name: SERVICES, type: 'PTR', ttl: t(OTHER_TTL), data: domain },
        {
          name: instanceFqdn(),
          type: 'SRV',
          ttl: t(HOST_TTL),
          flush: true,
          data: { port: opts.port, target: host, priority: 0, weight: 0 },
        },
        { name: instanceFqdn(), type: 'TXT', ttl: t(OTHER_TTL), flush: true, data: txt },
        { name: host, type: 'A', ttl: t(HOST_TTL), flush: true, data: at.address },
      ],
      additionals: [],
    };
  };

  /** The answers to a query that came in on `at`'s interface. */
  const answersFor = (questions: Question[], known: Answer[], at: LocalAddress): { answers: Answer[]; additionals: Answer[] } => {
    const all = records(at).answers;
    const [ptr, services, srv, txt, a] = all;
    const nsec: Answer = { name: host, type: 'NSEC', ttl: HOST_TTL, flush: true, data: { nextDomain: host, rrtypes: ['A'] } };
    const answers: Answer[] = [];
    const additionals: Answer[] = [];
    const any = (q: Question, type: string) => q.type === type || (q.type as string) === 'ANY';
    for (const q of questions) {
      if (same(q.name, host)) {
        if (any(q, 'A')) answers.push(a);
        if (q.type === 'AAAA') answers.push(nsec);
        else additionals.push(nsec);
      } else if (same(q.name, domain) && any(q, 'PTR')) {
        answers.push(ptr);
        additionals.push(srv, txt, a, nsec);
      } else if (same(q.name, SERVICES) && any(q, 'PTR')) {
        answers.push(services);
      } else if (same(q.name, instanceFqdn())) {
        if (any(q, 'SRV')) answers.push(srv);
        if (any(q, 'TXT')) answers.push(txt);
        additionals.push(a, nsec);
      }
    }
    // known-answer suppression (RFC 6762 7.1): leave out what the querier holds with at least half our TTL
    const held = (r: Rec) =>
      known
        .map(rec)
        .some(
          (k) =>
            same(k.name, r.name) &&
            k.type === r.type &&
            JSON.stringify(k.data) === JSON.stringify(r.data) &&
            (k.ttl ?? 0) >= (r.ttl ?? 0) / 2,
        );
    const dedupe = (list: Answer[]) => [...new Set(list)];
    const kept = dedupe(answers).filter((r) => !held(rec(r)));
    return { answers: kept, additionals: dedupe(additionals).filter((r) => !kept.includes(r)) };
  };

  const send = (link: Link, packet: Packet, to?: { address: string; port: number }) =>
    new Promise<void>((resolve) =>
      link.mdns.respond(packet as never, to as RemoteInfo, (err?: Error | null) => (err && warn('mdns send failed', err), resolve())),
    );

  // conflict watch during probing: a response from another host naming the candidate
  let probing: { host: string; instance: string; hostTaken: boolean; instanceTaken: boolean } | null = null;
  const onResponse = (res: Packet) => {
    if (!probing) return;
    const mine = ours();
    for (const r of [...(res.answers ?? []), ...(res.additionals ?? [])].map(rec)) {
      if (same(r.name, probing.host) && (r.type === 'A' || r.type === 'AAAA') && !mine.has(String(r.data))) probing.hostTaken = true;
      if (same(r.name, `${probing.instance}.${domain}`) && (r.type === 'SRV' || r.type === 'TXT')) {
        const target = r.type === 'SRV' ? (r.data as { target: string }).target : '';
        if (r.type === 'TXT' || !same(target, probing.host)) probing.instanceTaken = true;
      }
    }
  };

  const onQuery = (link: Link) => (query: Packet, rinfo: RemoteInfo) => {
    if (!host || probing) return;
    // one socket per interface, but each socket sees every interface's packets: answer on the sender's own
    if (!sameSubnet(rinfo.address, link.at.address, link.at.netmask)) return;
    const { answers, additionals } = answersFor(query.questions ?? [], query.answers ?? [], link.at);
    if (!answers.length) return;
    if (rinfo.port !== mdnsPort) {
      // a plain resolver (dig -p 5353 @224.0.0.251): unicast back, its id and question, short TTLs (RFC 6762 6.7)
      const cap = (r: Answer) => ({ ...r, flush: false, ttl: Math.min(rec(r).ttl ?? 10, 10) }) as Answer;
      void send(link, { id: query.id, questions: query.questions, answers: answers.map(cap), additionals: additionals.map(cap) }, rinfo);
    } else void send(link, { answers, additionals });
  };

  const open = (at: LocalAddress) =>
    new Promise<Link>((resolve, reject) => {
      const mdns = makeMdns({ port: mdnsPort, interface: at.address, bind: '0.0.0.0', reuseAddr: true, loopback: true });
      const link = { at, mdns };
      mdns.on('warning', (err: unknown) => warn('mdns warning', err));
      mdns.on('response', onResponse);
      mdns.on('query', onQuery(link));
      mdns.once('ready', () => resolve(link));
      mdns.once('error', (err: Error) => {
        mdns.destroy();
        reject(err);
      });
    });
  const close = (link: Link) => new Promise<void>((resolve) => link.mdns.destroy(() => resolve()));

  for (const at of opts.addresses()) {
    try {
      links.set(at.address, await open(at));
    } catch (err) {
      warn(`mdns: cannot listen on ${at.address}`, err);
    }
  }
  if (!links.size) throw new Error('mdns: no interface to advertise on');

  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Three probes 250 ms apart, then 250 ms more (RFC 6762 8.1): true when nobody else claims the names. */
  const probe = async (candidate: string, inst: string) => {
    probing = { host: candidate, instance: inst, hostTaken: false, instanceTaken: false };
    for (let i = 0; i < 3; i++) {
      for (const link of links.values())
        link.mdns.query({
          type: 'query',
          questions: [
            { name: candidate, type: 'ANY' },
            { name: `${inst}.${domain}`, type: 'ANY' },
          ],
          authorities: [{ name: candidate, type: 'A', ttl: HOST_TTL, data: link.at.address }],
        } as never);
      await wait(probeMs);
      if (probing.hostTaken || probing.instanceTaken) break;
    }
    const result = { hostTaken: probing.hostTaken, instanceTaken: probing.instanceTaken };
    probing = null;
    return result;
  };

  let chosen: string | null = null;
  let instanceN = 1;
  for (let i = 0; i < opts.hostLabels.length && !chosen; ) {
    const candidate = `${opts.hostLabels[i]}.local`;
    const inst = instanceN === 1 ? opts.instance : `${opts.instance} (${instanceN})`;
    const r = await probe(candidate, inst);
    if (r.instanceTaken) instanceN++;
    if (r.hostTaken) i++;
    else if (!r.instanceTaken) {
      chosen = candidate;
      instance = inst;
    }
    if (instanceN > 20) break;
  }
  if (!chosen) {
    await Promise.all([...links.values()].map(close));
    throw new Error(`mdns: every name from ${opts.hostLabels[0]}.local on is taken`);
  }
  host = chosen;

  const announce = (link: Link) => send(link, records(link.at));
  await Promise.all([...links.values()].map(announce));
  // the second announcement a second later (RFC 6762 8.3), and the interfaces looked at again
  let stopped = false;
  const second = setTimeout(() => void Promise.all([...links.values()].map(announce)), 1000);
  second.unref();
  const rescan =
    (opts.rescanMs ?? 10_000) > 0
      ? setInterval(() => {
          void (async () => {
            const now = new Map(opts.addresses().map((a) => [a.address, a]));
            for (const [address, link] of links)
              if (!now.has(address)) {
                links.delete(address);
                await close(link);
              }
            for (const [address, at] of now)
              if (!links.has(address) && !stopped) {
                try {
                  const link = await open(at);
                  links.set(address, link);
                  await announce(link);
                } catch (err) {
                  warn(`mdns: cannot listen on ${address}`, err);
                }
              }
          })();
        }, opts.rescanMs ?? 10_000)
      : null;
  rescan?.unref();

  return {
    get host() {
      return host;
    },
    get instance() {
      return instance;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearTimeout(second);
      if (rescan) clearInterval(rescan);
      await Promise.all(
        [...links.values()].map(async (link) => {
          await send(link, records(link.at, 0));
          await close(link);
        }),
      );
      links.clear();
    },
  };
}
