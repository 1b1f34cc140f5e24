import type { Answer, Packet } from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { SiteDiscovery, type MdnsClient } from './discovery';

/** A fake multicast-dns: records queries, delivers the responses a test hands it. */
function fakeNetwork() {
  const queries: Packet[] = [];
  let listener: ((p: Packet) => void) | null = null;
  let destroyed = false;
  const client: MdnsClient = {
    on: (_e, l) => (listener = l),
    query: (p) => queries.push(p),
    destroy: () => (destroyed = true),
  };
  return { client, queries, respond: (answers: Answer[]) => listener?.({ type: 'response', answers }), destroyed: () => destroyed };
}

/** The records server/infra/mdns.ts announces for a site. */
function site(
  instance: string,
  host: string,
  address: string,
  opts: { ttl?: number; txt?: string[]; service?: string; port?: number } = {},
): Answer[] {
  const ttl = opts.ttl ?? 120;
  const service = opts.service ?? '_http._tcp.local';
  const fqdn = `${instance}.${service}`;
  return [
    { name: service, type: 'PTR', ttl, data: fqdn },
    { name: fqdn, type: 'SRV', ttl, data: { port: opts.port ?? 9080, target: host } },
    { name: fqdn, type: 'TXT', ttl, data: (opts.txt ?? ['path=/', 'lantern=1', 'version=0.1.0']).map((s) => Buffer.from(s)) },
    { name: host, type: 'A', ttl, data: address },
  ];
}

describe('site discovery', () => {
  it('browses _http._tcp and _https._tcp and returns the Lantern sites seen, by name', () => {
    const net = fakeNetwork();
    const d = new SiteDiscovery(() => net.client);
    d.refresh();
    expect(net.queries[0]!.questions).toEqual([
      { name: '_http._tcp.local', type: 'PTR' },
      { name: '_https._tcp.local', type: 'PTR' },
    ]);
    net.respond(site('Team Q&A', 'team-qa.local', '192.168.1.20'));
    net.respond(
      site('Support', 'support.local', '192.168.1.30', { service: '_https._tcp.local', port: 8443, txt: ['path=/qa', 'lantern=1'] }),
    );
    // a printer's web page: no lantern key
    net.respond(site('Printer', 'printer.local', '192.168.1.40', { txt: ['path=/'] }));
    expect(d.sites()).toEqual([
      { name: 'Support', url: 'https://support.local:8443/qa/', addressUrls: ['https://192.168.1.30:8443/qa/'], version: '' },
      { name: 'Team Q&A', url: 'http://team-qa.local:9080/', addressUrls: ['http://192.168.1.20:9080/'], version: '0.1.0' },
    ]);
  });

  it('forgets a site on its goodbye (TTL 0) and when its records expire', () => {
    const net = fakeNetwork();
    let now = 1_000_000;
    const d = new SiteDiscovery(
      () => net.client,
      () => now,
    );
    d.refresh();
    net.respond(site('Team Q&A', 'team-qa.local', '192.168.1.20'));
    net.respond(site('Other', 'other.local', '192.168.1.21', { ttl: 10 }));
    expect(d.sites().map((s) => s.name)).toEqual(['Other', 'Team Q&A']);
    net.respond(site('Team Q&A', 'team-qa.local', '192.168.1.20', { ttl: 0 }));
    expect(d.sites().map((s) => s.name)).toEqual(['Other']);
    now += 11_000;
    expect(d.sites()).toEqual([]);
  });

  it('builds no URL from what a hostile responder sends', () => {
    const net = fakeNetwork();
    const d = new SiteDiscovery(() => net.client);
    d.refresh();
    net.respond(site('Evil', 'javascript:alert(1)//', '1.2.3.4'));
    net.respond(site('Odd path', 'odd.local', '1.2.3.5', { txt: ['lantern=1', 'path=/"><script>'] }));
    net.respond(site('Bad port', 'bad.local', '1.2.3.6', { port: 70000 }));
    expect(d.sites()).toEqual([{ name: 'Odd path', url: 'http://odd.local:9080/', addressUrls: ['http://1.2.3.5:9080/'], version: '' }]);
  });

  it('waits for the first site, and stops', async () => {
    const net = fakeNetwork();
    const d = new SiteDiscovery(() => net.client);
    d.refresh();
    const waiting = d.waitForSites(5000);
    net.respond(site('Team Q&A', 'team-qa.local', '192.168.1.20'));
    expect((await waiting).map((s) => s.name)).toEqual(['Team Q&A']);
    expect(await new SiteDiscovery(() => fakeNetwork().client).waitForSites(1)).toEqual([]);
    d.stop();
    expect(net.destroyed()).toBe(true);
  });
});
