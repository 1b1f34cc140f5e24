/**
 * A small in-memory cache of computed values that may be a few seconds stale (list totals and
 * the like). One per app instance; with several server processes each keeps its own, and a drop
 * made in one is passed to the others (see onInvalidate).
 */
export class TtlCache {
  private readonly entries = new Map<string, { at: number; until: number; value: Promise<unknown> }>();

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
    const entry = { at: t, until: t + ttlMs, value };
    this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    if (this.entries.size > this.maxEntries) this.evict(t);
    return value;
  }

  /** Makes room: the expired entries go, or else the oldest. */
  private evict(t: number): void {
    for (const [k, e] of this.entries) if (e.until <= t) this.entries.delete(k);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
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
