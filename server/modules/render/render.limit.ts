/** At most `max` previews per member over any `windowSeconds`. */
export interface PreviewLimit {
  max: number;
  windowSeconds: number;
}

/** An editor previews as the author types (Answer's editor asks after a pause): 60 a minute is plenty. */
export const PREVIEW_LIMIT: PreviewLimit = Object.freeze({ max: 60, windowSeconds: 60 });

/**
 * A sliding window per member, in memory: previews change nothing stored, so a restart may forget
 * them. Each key keeps the times of its previews in the window (at most `max`).
 */
export class PreviewWindow {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly limit: PreviewLimit) {}

  /** Counts one preview for `key` at `now` (Unix seconds): 0 if allowed, else the seconds to wait. */
  take(key: string, now: number): number {
    const from = now - this.limit.windowSeconds;
    if (this.seen.size > 10_000) this.sweep(from);
    const times = (this.seen.get(key) ?? []).filter((t) => t > from);
    if (times.length >= this.limit.max) {
      this.seen.set(key, times);
      return Math.max(1, times[0]! - from);
    }
    times.push(now);
    this.seen.set(key, times);
    return 0;
  }

  private sweep(from: number): void {
    for (const [key, times] of this.seen) if (!times.some((t) => t > from)) this.seen.delete(key);
  }
}
