import { LRUCache } from 'lru-cache';

/**
 * A small in-memory cache of computed values that may be a few seconds stale (list totals and
 * the like), on lru-cache (TTL per entry, a maximum size, least recently used out first). One per
 * app instance; with several server processes each keeps its own, and a drop made in one is passed
 * to the others (see onInvalidate).
 *
 * The cache keeps the computation's promise, not its result: concurrent callers of a key share
 * one computation in flight, a drop reaches a computation still running, and a failed one is
 * forgotten (lru-cache's fetch() does the sharing too, but its key listing, which a drop by prefix
 * needs, leaves out fetches in flight).
 */
export class TtlCache {
  private readonly entries: LRUCache<string, Promise<unknown>>;

  /**
   * @param now the clock (milliseconds) for tests; lru-cache takes a start time of 0 as "never
   * expires", so a test clock starts past 0. Default: lru-cache's own (performance.now).
   */
  constructor(
    private readonly maxEntries = 500,
    now?: () => number,
  ) {
    this.entries = new LRUCache<string, Promise<unknown>>({
      max: maxEntries,
      // an age is read from the clock each time (lru-cache's default reuses a reading for 1 ms, by a timer)
      ttlResolution: 0,
      ...(now ? { perf: { now } } : {}),
    });
  }

  /**
   * The cached value of `key` if computed at most `ttlMs` ago, else computes it (once, even for
   * concurrent callers) and keeps it.
   */
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit as Promise<T>;
    // making room: the expired entries go first, then (in lru-cache) the least recently used
    if (this.entries.size >= this.maxEntries) this.entries.purgeStale();
    const value = compute();
    this.entries.set(key, value, { ttl: ttlMs });
    value.catch(() => {
      if (this.entries.peek(key, { allowStale: true }) === value) this.entries.delete(key);
    });
    return value;
  }

  private dropListener: ((prefix: string) => void) | null = null;

  /** Forgets every entry whose key starts with the prefix (after writes that change them), and says so. */
  invalidate(prefix = ''): void {
    this.invalidateLocal(prefix);
    this.dropListener?.(prefix);
  }

  /** Forgets the entries under the prefix without saying so (a drop another process made). */
  invalidateLocal(prefix = ''): void {
    if (prefix === '') return this.entries.clear();
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /** Called with the prefix of every invalidate() (the app passes it to the other server processes). */
  onInvalidate(listener: (prefix: string) => void): void {
    this.dropListener = listener;
  }
}
