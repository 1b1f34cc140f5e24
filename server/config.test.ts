import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, loadDesktopConfig, makeConfig } from './config.js';

describe('configuration', () => {
  it('a served instance reuses list pages, totals and batches views; tests do none of it', () => {
    const served = loadConfig(['--data-dir', '/tmp/lantern-config-test'], {});
    expect(served).toMatchObject({
      listPageTtlMs: 2000,
      searchTtlMs: 2000,
      pageTtlMs: 2000,
      sessionCacheMs: 1000,
      listCountTtlMs: 60_000,
      viewFlushMs: 2000,
      backgroundJobs: true,
    });
    expect(makeConfig({ dataDir: '/tmp/x' })).toMatchObject({
      listPageTtlMs: 0,
      searchTtlMs: 0,
      pageTtlMs: 0,
      sessionCacheMs: 0,
      listCountTtlMs: 0,
      viewFlushMs: 0,
      backgroundJobs: false,
    });
  });

  it('LANTERN_LIST_PAGE_TTL_MS sets the page reuse (0 turns it off); anything but a whole number is ignored', () => {
    const ttl = (v: string) => loadConfig(['--data-dir', '/tmp/lantern-config-test'], { LANTERN_LIST_PAGE_TTL_MS: v }).listPageTtlMs;
    expect(ttl('0')).toBe(0);
    expect(ttl('500')).toBe(500);
    expect(ttl('99999999')).toBe(600_000);
    expect(ttl('-1')).toBe(2000);
    expect(ttl('1e3')).toBe(2000);
    expect(loadConfig(['--data-dir', '/tmp/lantern-config-test'], { LANTERN_PAGE_TTL_MS: '0' }).pageTtlMs).toBe(0);
    expect(loadConfig(['--data-dir', '/tmp/lantern-config-test'], { LANTERN_SEARCH_TTL_MS: '0' }).searchTtlMs).toBe(0);
  });
});

describe('server processes', () => {
  it('is one by default; --processes or LANTERN_PROCESSES asks for more, the flag winning', () => {
    expect(loadConfig(['--data-dir', '/tmp/x'], {}).processes).toBe(1);
    expect(loadConfig(['--data-dir', '/tmp/x', '--processes', '3'], { LANTERN_PROCESSES: '2' }).processes).toBe(3);
    expect(loadConfig(['--data-dir', '/tmp/x'], { LANTERN_PROCESSES: '2' }).processes).toBe(2);
  });

  it('refuses a count that is not a whole number from 1 to 16, saying so', () => {
    for (const bad of ['0', '17', '2.5', 'two', ''])
      expect(() => loadConfig(['--data-dir', '/tmp/x', '--processes', bad], {})).toThrow(/--processes must be a whole number from 1 to 16/);
  });

  it('gives each of several processes one read worker for long reads only, unless told otherwise', () => {
    expect(loadConfig(['--data-dir', '/tmp/x', '--processes', '2'], {})).toMatchObject({ readWorkers: 1, readWorkerMinMs: 1 });
    expect(loadConfig(['--data-dir', '/tmp/x', '--processes', '2'], { LANTERN_READ_WORKERS: '0' }).readWorkers).toBe(0);
    expect(loadConfig(['--data-dir', '/tmp/x'], { LANTERN_READ_WORKERS: '2' })).toMatchObject({ readWorkers: 2, readWorkerMinMs: 0.03 });
  });
});

describe('the database and the uploads folder', () => {
  it('take a postgres:// URL from --database-url or LANTERN_DATABASE_URL (the flag winning), else SQLite', () => {
    expect(loadConfig(['--data-dir', '/tmp/x'], {}).databaseUrl).toBeNull();
    expect(loadConfig(['--data-dir', '/tmp/x'], { LANTERN_DATABASE_URL: ' ' }).databaseUrl).toBeNull();
    const env = { LANTERN_DATABASE_URL: 'postgres://a:b@db:5432/one' };
    expect(loadConfig(['--data-dir', '/tmp/x'], env).databaseUrl).toBe('postgres://a:b@db:5432/one');
    expect(loadConfig(['--data-dir', '/tmp/x', '--database-url', 'postgresql://db/two'], env).databaseUrl).toBe('postgresql://db/two');
  });

  it('refuse a URL that is not PostgreSQL, saying so', () => {
    expect(() => loadConfig(['--data-dir', '/tmp/x', '--database-url', 'mysql://db/x'], {})).toThrow(
      /postgres:\/\/ connection string, not mysql:/,
    );
    expect(() => loadConfig(['--data-dir', '/tmp/x'], { LANTERN_DATABASE_URL: 'not a url' })).toThrow(/postgres:\/\/ connection string/);
  });

  it('keep uploads in --uploads-dir or LANTERN_UPLOADS_DIR (made absolute), else in the data dir', () => {
    expect(loadConfig(['--data-dir', '/tmp/x'], {}).uploadsDir).toBeNull();
    expect(loadConfig(['--data-dir', '/tmp/x'], { LANTERN_UPLOADS_DIR: '/srv/shared/uploads' }).uploadsDir).toBe('/srv/shared/uploads');
    expect(loadConfig(['--data-dir', '/tmp/x', '--uploads-dir', 'rel/up'], {}).uploadsDir).toBe(resolve('rel/up'));
  });

  it('believe X-Forwarded-For only from the proxies --trust-proxy or LANTERN_TRUST_PROXY lists (the flag winning), else none', () => {
    expect(loadConfig(['--data-dir', '/tmp/x'], {}).trustProxy).toEqual([]);
    expect(loadConfig(['--data-dir', '/tmp/x'], { LANTERN_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(loadConfig(['--data-dir', '/tmp/x', '--trust-proxy', '::1'], { LANTERN_TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['::1']);
    expect(makeConfig({ dataDir: '/tmp/x' }).trustProxy).toEqual([]);
    expect(() => loadConfig(['--data-dir', '/tmp/x', '--trust-proxy', 'true'], {})).toThrow(/--trust-proxy takes addresses/);
    expect(() => loadConfig(['--data-dir', '/tmp/x', '--trust-proxy', '1'], {})).toThrow(/--trust-proxy takes addresses/);
  });

  it('are the computer’s own for the desktop: one process on lantern.db, whatever the environment says', () => {
    const env = { LANTERN_DATABASE_URL: 'postgres://a:b@db/one', LANTERN_PROCESSES: '4', LANTERN_UPLOADS_DIR: '/srv/up' };
    const desktop = loadDesktopConfig(['--data-dir', '/tmp/x'], env);
    expect(desktop).toMatchObject({ databaseUrl: null, processes: 1, uploadsDir: null });
    expect(loadConfig(['--data-dir', '/tmp/x'], env)).toMatchObject({
      databaseUrl: 'postgres://a:b@db/one',
      processes: 4,
      uploadsDir: '/srv/up',
    });
  });
});

describe('mDNS', () => {
  it('advertises by default; --no-mdns or LANTERN_MDNS=0 turns it off; tests never advertise', () => {
    expect(loadConfig([], {}).mdns).toBe(true);
    expect(loadConfig(['--no-mdns'], {}).mdns).toBe(false);
    expect(loadConfig([], { LANTERN_MDNS: '0' }).mdns).toBe(false);
    expect(loadConfig([], { LANTERN_MDNS: 'off' }).mdns).toBe(false);
    expect(loadConfig([], { LANTERN_MDNS: '1' }).mdns).toBe(true);
    expect(makeConfig({ dataDir: '/d' }).mdns).toBe(false);
  });
});
