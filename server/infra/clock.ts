/** Time source, injectable so tests can move time (expiry, suspensions, daily limits). */
export interface Clock {
  /** Unix seconds. */
  now(): number;
}

/** The real clock, shared and so frozen: code that moves time gets a clock of its own. */
export const systemClock: Clock = Object.freeze({ now: () => Math.floor(Date.now() / 1000) });
