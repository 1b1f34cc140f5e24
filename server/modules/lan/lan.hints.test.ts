import { describe, expect, it } from 'vitest';
import { lanHints, siteUrlSuggestion, type HintInput } from './lan.hints.js';

// Issue 39: what a LAN visitor meets when something is off, said in one sentence each on the admin
// page and the console.
const base: HintInput = {
  host: '0.0.0.0',
  port: 9080,
  basePath: '',
  scheme: 'http',
  lanAddresses: ['192.168.1.20', '10.0.0.7'],
  names: ['localhost', 'desk-7', 'desk-7.local', 'team-qa.local'],
  siteUrl: 'http://192.168.1.20:9080',
  managed: false,
};

describe('the LAN hints', () => {
  it('loopback only (command line): says other computers cannot reach it and how to change that, nothing else', () => {
    const hints = lanHints({ ...base, host: '127.0.0.1', siteUrl: 'http://127.0.0.1:9080' });
    expect(hints).toEqual([
      {
        kind: 'loopback_only',
        host: '127.0.0.1',
        message: 'Lantern listens only on this computer (127.0.0.1); start it with --host 0.0.0.0 or switch on Serve on the LAN.',
      },
    ]);
  });

  it('loopback only (desktop app): points at the switch', () => {
    const [hint] = lanHints({ ...base, host: '127.0.0.1', managed: true });
    expect(hint!.message).toBe(
      'Lantern listens only on this computer (127.0.0.1): other computers cannot open it; switch on Serve on the LAN to let them.',
    );
  });

  it('serving the LAN with a good site URL: only the firewall hint, with the port', () => {
    expect(lanHints(base)).toEqual([
      {
        kind: 'firewall',
        port: 9080,
        message: "If a colleague cannot open the address, allow incoming connections on TCP port 9080 in this computer's firewall.",
      },
    ]);
    // the machine's names are as good as its addresses
    expect(lanHints({ ...base, siteUrl: 'http://team-qa.local:9080' }).map((h) => h.kind)).toEqual(['firewall']);
    expect(lanHints({ ...base, siteUrl: 'http://10.0.0.7:9080/' }).map((h) => h.kind)).toEqual(['firewall']);
  });

  it('a loopback site URL while serving the LAN: names it and the address to use', () => {
    const hints = lanHints({ ...base, siteUrl: 'http://127.0.0.1:9080' });
    expect(hints[1]).toEqual({
      kind: 'site_url',
      site_url: 'http://127.0.0.1:9080',
      suggested: 'http://192.168.1.20:9080',
      message: 'Mails link to http://127.0.0.1:9080, which other computers cannot open; set the site URL to http://192.168.1.20:9080.',
    });
    expect(siteUrlSuggestion({ ...base, siteUrl: 'http://localhost:9080' })?.suggested).toBe('http://192.168.1.20:9080');
  });

  it('an address that is not one of this machine’s (the machine moved networks)', () => {
    expect(siteUrlSuggestion({ ...base, siteUrl: 'http://192.168.0.99:9080' })).toEqual({
      current: 'http://192.168.0.99:9080',
      suggested: 'http://192.168.1.20:9080',
    });
  });

  it('this machine at another port, or in the other scheme than the server speaks: same host, right port and scheme', () => {
    expect(siteUrlSuggestion({ ...base, siteUrl: 'http://192.168.1.20:8080' })?.suggested).toBe('http://192.168.1.20:9080');
    expect(siteUrlSuggestion({ ...base, scheme: 'https', siteUrl: 'http://team-qa.local:9080/qa' })?.suggested).toBe(
      'https://team-qa.local:9080/qa',
    );
  });

  it('leaves alone a name that is not this machine’s (a proxy, a DNS name) and a site with no URL yet', () => {
    expect(siteUrlSuggestion({ ...base, siteUrl: 'https://qa.example.com' })).toBeNull();
    expect(siteUrlSuggestion({ ...base, siteUrl: '' })).toBeNull();
  });

  it('uses https and the base path in the suggestion when the server has them', () => {
    const hints = lanHints({ ...base, scheme: 'https', basePath: '/qa', siteUrl: 'http://127.0.0.1:9080/qa' });
    expect(hints.find((h) => h.kind === 'site_url')).toMatchObject({ suggested: 'https://192.168.1.20:9080/qa' });
  });

  it('a server bound to one LAN address suggests that address', () => {
    expect(siteUrlSuggestion({ ...base, host: '10.0.0.7', siteUrl: 'http://127.0.0.1:9080' })?.suggested).toBe('http://10.0.0.7:9080');
  });
});
