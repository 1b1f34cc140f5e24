import { describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('the TTL cache', () => {
  it('computes once within the TTL, again after it, and shares a computation in flight', async () => {
    let now = 1000;
    const cache = new TtlCache(10, () => now);
    const compute = vi.fn(async () => now);
    const [a, b] = await Promise.all([cache.get('k', 5000, compute), cache.get('k', 5000, compute)]);
    expect([a, b]).toEqual([1000, 1000]);
    expect(compute).toHaveBeenCalledTimes(1);
    // fresh while at most the TTL old (lru-cache's rule), computed again past it
    now += 5000;
    expect(await cache.get('k', 5000, compute)).toBe(1000);
    now += 1;
    expect(await cache.get('k', 5000, compute)).toBe(6001);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('forgets failures, evicts the oldest beyond its size, and invalidates by prefix', async () => {
    const cache = new TtlCache(2);
    await expect(cache.get('bad', 1000, async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', 1000, async () => 'ok')).toBe('ok');
    await cache.get('a', 1000, async () => 1);
    await cache.get('b', 1000, async () => 2);
    expect(await cache.get('bad', 1000, async () => 'recomputed')).toBe('recomputed');
    cache.invalidate('b');
    expect(await cache.get('b', 1000, async () => 3)).toBe(3);
  });

  it('makes room by dropping expired entries before the oldest live one', async () => {
    // a test clock starts past 0 (lru-cache takes a start time of 0 as "never expires")
    let now = 1000;
    const cache = new TtlCache(2, () => now);
    await cache.get('long', 10_000, async () => 'kept');
    await cache.get('short', 10, async () => 'gone');
    now = 1100;
    await cache.get('new', 10_000, async () => 'added');
    // 'short' had expired: 'long', though older, stays
    expect(await cache.get('long', 10_000, async () => 'recomputed')).toBe('kept');
    expect(await cache.get('new', 10_000, async () => 'recomputed')).toBe('added');
  });

  it('a failure does not forget a newer entry made under the same key', async () => {
    const cache = new TtlCache(10);
    let fail!: (e: Error) => void;
    const failing = cache.get('k', 1000, () => new Promise<string>((_, reject) => (fail = reject)));
    cache.invalidate('k');
    expect(await cache.get('k', 1000, async () => 'fresh')).toBe('fresh');
    fail(new Error('late'));
    await expect(failing).rejects.toThrow('late');
    expect(await cache.get('k', 1000, async () => 'recomputed')).toBe('fresh');
  });
});
