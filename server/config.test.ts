import { describe, expect, it } from 'vitest';
import { loadConfig, makeConfig } from './config.js';

describe('configuration', () => {
  it('a served instance reuses list pages, totals and batches views; tests do none of it', () => {
    const served = loadConfig(['--data-dir', '/tmp/lantern-config-test'], {});
    expect(served).toMatchObject({
      listPageTtlMs: 2000,
      searchTtlMs: 2000,
      listCountTtlMs: 60_000,
      viewFlushMs: 2000,
      backgroundJobs: true,
    });
    expect(makeConfig({ dataDir: '/tmp/x' })).toMatchObject({
      listPageTtlMs: 0,
      searchTtlMs: 0,
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
