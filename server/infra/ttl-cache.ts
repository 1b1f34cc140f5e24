/**
 * A small in-memory cache of computed values that may be a few seconds stale (list totals and
 * the like). One per app instance; with several server processes each keeps its own, which is
 * fine for values that are allowed to lag.
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly maxEntries = 500,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value of `key` if younger than `ttlMs`, else computes (once, even for concurrent callers) and keeps it. */
  async get<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = compute();
    this.entries.set(key, { at: t, value });
    value.catch(() => this.entries.delete(key));
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }

  /** Forgets every entry whose key starts with the prefix (after writes that change them). */
  invalidate(prefix = ''): void {
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }
}
