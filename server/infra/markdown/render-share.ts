/** How much of the render workers one member may use. */
export interface RenderShareLimit {
  /** Worker time (ms) a member's renders may take per minute, as a budget that refills evenly. */
  workerMsPerMinute: number;
}

/**
 * 10 worker-seconds a minute: a member's previews and posts take 5-50 ms each (600 previews of a
 * long post fit), while a flood of slow inputs is stopped after five renders at the 2 s deadline,
 * so one member holds at most a sixth of one worker over time.
 */
export const DEFAULT_RENDER_SHARE: RenderShareLimit = Object.freeze({ workerMsPerMinute: 10_000 });

interface Account {
  /** Budget left (ms) at `at`; refills at workerMsPerMinute per minute up to workerMsPerMinute. */
  left: number;
  at: number;
  /** The account's render in flight (its next waits for it). */
  running?: Promise<unknown>;
  inFlight: number;
}

/**
 * Each member's share of the render workers, in memory: at most one render of theirs in flight
 * at a time (so one member never holds both workers), and a budget of worker time charged with
 * what each render actually took.
 */
export class RenderShares {
  private readonly accounts = new Map<string, Account>();

  constructor(
    private readonly limit: RenderShareLimit = DEFAULT_RENDER_SHARE,
    private readonly nowMs: () => number = Date.now,
  ) {}

  private account(key: string): Account {
    const now = this.nowMs();
    let a = this.accounts.get(key);
    if (!a) {
      if (this.accounts.size > 10_000) this.sweep(now);
      a = { left: this.limit.workerMsPerMinute, at: now, inFlight: 0 };
      this.accounts.set(key, a);
    }
    const refill = ((now - a.at) * this.limit.workerMsPerMinute) / 60_000;
    a.left = Math.min(this.limit.workerMsPerMinute, a.left + refill);
    a.at = now;
    return a;
  }

  /** Whether `key` has a render in flight. */
  busy(key: string): boolean {
    return (this.accounts.get(key)?.inFlight ?? 0) > 0;
  }

  /** 0 when `key` may render now, else the seconds until its budget is positive again. */
  retryAfter(key: string): number {
    const a = this.account(key);
    if (a.left > 0) return 0;
    return Math.max(1, Math.ceil(((-a.left + 1) * 60) / this.limit.workerMsPerMinute));
  }

  /**
   * Runs `work` after `key`'s earlier renders have ended, charging the worker time it reports
   * (work returns [value, ms]).
   */
  async run<T>(key: string, work: () => Promise<[T, number]>): Promise<T> {
    const a = this.account(key);
    const before = a.running;
    a.inFlight += 1;
    const mine = (async () => {
      await before?.catch(() => undefined);
      const [value, ms] = await work();
      this.account(key).left -= ms;
      return value;
    })();
    a.running = mine;
    try {
      return await mine;
    } finally {
      a.inFlight -= 1;
      if (a.running === mine) a.running = undefined;
    }
  }

  private sweep(now: number): void {
    for (const [key, a] of this.accounts) {
      const full = a.left + ((now - a.at) * this.limit.workerMsPerMinute) / 60_000 >= this.limit.workerMsPerMinute;
      if (full && a.inFlight === 0) this.accounts.delete(key);
    }
  }
}
