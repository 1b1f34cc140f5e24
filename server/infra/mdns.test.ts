import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import makeMdns from 'multicast-dns';
import { decode, encode, type Answer as DnsAnswer, type Packet } from 'dns-packet';

/** dns-packet's Answer less OPT (which has no ttl or data). */
type Answer = DnsAnswer & { ttl?: number; data?: unknown };
import { advertise, advertisedAddresses, sameSubnet, type AdvertiseOptions, type Advertiser } from './mdns.js';
import { candidateLabels, hostLabelFor, instanceLabelFor } from './mdns-name.js';

// Everything runs on the loopback interface and on a free port of its own, never on 5353 or a LAN
// interface: the machine's own responder is left alone and no packet leaves the machine.
const LOOPBACK = [{ address: '127.0.0.1', netmask: '255.0.0.0' }];

async function freeUdpPort(): Promise<number> {
  const s = createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** A plain mDNS client on the loopback interface and the test's port, recording every response. */
async function client(port: number) {
  const mdns = makeMdns({ port, interface: '127.0.0.1', bind: '0.0.0.0', reuseAddr: true, loopback: true });
  await new Promise<void>((r) => mdns.once('ready', () => r()));
  const responses: Packet[] = [];
  const waiters: (() => void)[] = [];
  mdns.on('response', (p: Packet) => {
    responses.push(p);
    waiters.splice(0).forEach((w) => w());
  });
  /** Resolves with the first record (answers or additionals) that matches, waiting for new responses. */
  const record = (match: (r: Answer) => boolean, from = 0, withinMs = 5000): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such record within ${withinMs} ms`)), withinMs);
      const look = () => {
        for (const p of responses.slice(from))
          for (const r of [...(p.answers ?? []), ...(p.additionals ?? [])])
            if (match(r)) {
              clearTimeout(timer);
              return resolve(r);
            }
        waiters.push(look);
      };
      look();
    });
  return { mdns, responses, record, close: () => new Promise<void>((r) => mdns.destroy(() => r())) };
}

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function start(port: number, extra: Partial<AdvertiseOptions> = {}): Promise<Advertiser> {
  const adv = await advertise({
    instance: 'Team Q&A',
    hostLabels: candidateLabels('team-qa', null, 5),
    port: 9080,
    service: '_http._tcp',
    txt: { path: '/', lantern: '1', version: '0.1.0' },
    addresses: () => LOOPBACK,
    mdnsPort: port,
    probeMs: 40,
    rescanMs: 0,
    ...extra,
  });
  cleanups.push(() => adv.stop());
  return adv;
}

describe('names', () => {
  it('derives a host label from the site name', () => {
    expect(hostLabelFor('Team Q&A')).toBe('team-qa');
    expect(hostLabelFor('  Équipe  Réseau_2.0 ')).toBe('equipe-reseau-2-0');
    expect(hostLabelFor('問答')).toBe('lantern');
    expect(hostLabelFor('x'.repeat(80))).toHaveLength(59);
  });

  it('tries the stored choice first when it was made for this name, then base, base-2 ...', () => {
    expect(candidateLabels('team-qa', null, 3)).toEqual(['team-qa', 'team-qa-2', 'team-qa-3']);
    expect(candidateLabels('team-qa', 'team-qa-2', 3)).toEqual(['team-qa-2', 'team-qa', 'team-qa-3']);
    // a stored name of an earlier site name is forgotten
    expect(candidateLabels('team-qa', 'old-name', 2)).toEqual(['team-qa', 'team-qa-2']);
  });

  it('keeps dots out of instance labels', () => {
    expect(instanceLabelFor('Example.com Q&A')).toBe('Example\u2024com Q&A');
  });

  it('advertises LAN addresses only, or the bound one', () => {
    const i = (address: string, internal = false, netmask = '255.255.255.0') =>
      ({ address, netmask, family: 'IPv4', internal, mac: '', cidr: null }) as const;
    const ifs = {
      lo: [i('127.0.0.1', true, '255.0.0.0')],
      eth0: [i('192.168.1.20')],
      wl: [i('169.254.1.1'), i('10.0.0.7', false, '255.0.0.0')],
    };
    expect(advertisedAddresses('0.0.0.0', ifs).map((a) => a.address)).toEqual(['192.168.1.20', '10.0.0.7']);
    expect(advertisedAddresses('10.0.0.7', ifs)).toEqual([{ address: '10.0.0.7', netmask: '255.0.0.0' }]);
    expect(advertisedAddresses('127.0.0.1', ifs)).toEqual([]);
    expect(sameSubnet('192.168.1.99', '192.168.1.20', '255.255.255.0')).toBe(true);
    expect(sameSubnet('192.168.2.99', '192.168.1.20', '255.255.255.0')).toBe(false);
  });
});

describe('mDNS responder', () => {
  it('answers the host name (A) and the service (PTR, SRV, TXT) to a plain mDNS client', async () => {
    const port = await freeUdpPort();
    const c = await client(port);
    cleanups.push(c.close);
    const adv = await start(port);
    expect(adv.host).toBe('team-qa.local');
    expect(adv.instance).toBe('Team Q&A');

    let from = c.responses.length;
    c.mdns.query({ questions: [{ name: 'team-qa.local', type: 'A' }] });
    const a = await c.record((r) => r.type === 'A' && r.name === 'team-qa.local', from);
    expect(a.data).toBe('127.0.0.1');

    from = c.responses.length;
    c.mdns.query({ questions: [{ name: '_http._tcp.local', type: 'PTR' }] });
    const ptr = await c.record((r) => r.type === 'PTR' && r.name === '_http._tcp.local', from);
    expect(ptr.data).toBe('Team Q&A._http._tcp.local');
    const srv = await c.record((r) => r.type === 'SRV', from);
    expect(srv.data).toMatchObject({ port: 9080, target: 'team-qa.local' });
    const txt = await c.record((r) => r.type === 'TXT', from);
    expect((txt.data as Buffer[]).map(String)).toEqual(['path=/', 'lantern=1', 'version=0.1.0']);
  });

  it('answers a plain resolver (another source port) by unicast, with its query id', async () => {
    const port = await freeUdpPort();
    await start(port);
    // a socket of its own on loopback (never the default interface), sending from a port other than the mDNS one
    const asker = createSocket('udp4');
    await new Promise<void>((r) => asker.bind(0, '127.0.0.1', r));
    asker.setMulticastInterface('127.0.0.1');
    cleanups.push(() => new Promise((r) => asker.close(() => r())));
    const reply = new Promise<Packet>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no unicast reply within 5 s')), 5000);
      asker.on('message', (m) => {
        clearTimeout(timer);
        resolve(decode(m));
      });
    });
    asker.send(encode({ type: 'query', id: 4242, questions: [{ name: 'team-qa.local', type: 'A' }] }), port, '224.0.0.251');
    const p = await reply;
    expect(p.id).toBe(4242);
    expect(p.answers?.[0]).toMatchObject({ name: 'team-qa.local', type: 'A', data: '127.0.0.1' });
    expect((p.answers?.[0] as Answer | undefined)?.ttl).toBeLessThanOrEqual(10);
  });

  it('takes team-qa-2.local when another host answers for team-qa.local', async () => {
    const port = await freeUdpPort();
    // the other host: answers every question about team-qa.local with its own address
    const other = await client(port);
    cleanups.push(other.close);
    other.mdns.on('query', (q: Packet) => {
      if (q.questions?.some((x) => x.name.toLowerCase() === 'team-qa.local'))
        other.mdns.respond({ answers: [{ name: 'team-qa.local', type: 'A', ttl: 120, flush: true, data: '10.9.9.9' }] });
    });
    const adv = await start(port);
    expect(adv.host).toBe('team-qa-2.local');
    // and answers for the new name only
    const from = other.responses.length;
    other.mdns.query({ questions: [{ name: 'team-qa-2.local', type: 'A' }] });
    expect((await other.record((r) => r.name === 'team-qa-2.local' && r.type === 'A', from)).data).toBe('127.0.0.1');
  });

  it('renames the service when another Lantern of the same name is on the network', async () => {
    const port = await freeUdpPort();
    const first = await start(port);
    const second = await start(port, { hostLabels: ['other-box'] });
    expect(first.instance).toBe('Team Q&A');
    expect(second.instance).toBe('Team Q&A (2)');
    expect(second.host).toBe('other-box.local');
  });

  it('says goodbye (TTL 0) on stop', async () => {
    const port = await freeUdpPort();
    const c = await client(port);
    cleanups.push(c.close);
    const adv = await advertise({
      instance: 'Team Q&A',
      hostLabels: ['team-qa'],
      port: 9080,
      service: '_http._tcp',
      txt: { lantern: '1' },
      addresses: () => LOOPBACK,
      mdnsPort: port,
      probeMs: 40,
      rescanMs: 0,
    });
    const from = c.responses.length;
    await adv.stop();
    const bye = await c.record((r) => r.type === 'PTR' && r.name === '_http._tcp.local' && r.ttl === 0, from);
    expect(bye.data).toBe('Team Q&A._http._tcp.local');
    await c.record((r) => r.type === 'A' && r.name === 'team-qa.local' && r.ttl === 0, from);
    // and answers no more (a live responder answers on loopback within milliseconds)
    const after = c.responses.length;
    c.mdns.query({ questions: [{ name: 'team-qa.local', type: 'A' }] });
    await expect(c.record((r) => r.type === 'A' && (r.ttl ?? 0) > 0, after, 1000)).rejects.toThrow(/no such record/);
  });
});
