import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { servingBanner, servingUrls } from './serving-urls.js';

const nic = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as NetworkInterfaceInfo;
const interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = {
  lo: [nic('127.0.0.1', 'IPv4', true), nic('::1', 'IPv6', true)],
  eth0: [nic('192.168.1.20', 'IPv4'), nic('fe80::1', 'IPv6')],
  wlan0: [nic('10.0.0.7', 'IPv4'), nic('169.254.3.3', 'IPv4')],
};

describe('the URLs a started server prints', () => {
  it('lists loopback and each LAN address for 0.0.0.0, never 0.0.0.0 itself', () => {
    expect(servingUrls({ host: '0.0.0.0', port: 9080, basePath: '' }, interfaces)).toEqual([
      { url: 'http://127.0.0.1:9080/', from: 'this computer' },
      { url: 'http://192.168.1.20:9080/', from: 'the LAN' },
      { url: 'http://10.0.0.7:9080/', from: 'the LAN' },
    ]);
    const banner = servingBanner({ host: '0.0.0.0', port: 9080, basePath: '/qa' }, interfaces, '/data');
    expect(banner).toBe(
      'Lantern is serving (data: /data). Open in a browser:\n  http://127.0.0.1:9080/qa/  (from this computer)\n  http://192.168.1.20:9080/qa/  (from the LAN)\n  http://10.0.0.7:9080/qa/  (from the LAN)\n',
    );
    expect(banner).not.toContain('0.0.0.0');
  });

  it('prints the bound address alone otherwise', () => {
    expect(servingUrls({ host: '127.0.0.1', port: 4000, basePath: '' }, interfaces)).toEqual([
      { url: 'http://127.0.0.1:4000/', from: 'this computer' },
    ]);
    expect(servingUrls({ host: '192.168.1.20', port: 4000, basePath: '' }, interfaces)).toEqual([
      { url: 'http://192.168.1.20:4000/', from: 'the LAN' },
    ]);
  });

  it('says so when a machine serving every interface has no LAN address', () => {
    const banner = servingBanner({ host: '0.0.0.0', port: 9080, basePath: '' }, { lo: interfaces.lo }, '/data');
    expect(banner).toContain('http://127.0.0.1:9080/');
    expect(banner).toContain('no LAN address found');
  });

  it('prints the mDNS name beside the addresses while it is advertised', () => {
    const banner = servingBanner({ host: '0.0.0.0', port: 9080, basePath: '' }, interfaces, '/data', {
      localName: 'http://team-qa.local:9080',
    });
    expect(banner).toContain('  http://team-qa.local:9080/  (from the LAN, by name)');
    expect(servingBanner({ host: '0.0.0.0', port: 9080, basePath: '' }, interfaces, '/data')).not.toContain('.local');
  });
});
