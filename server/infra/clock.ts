/** Time source, injectable so tests can move time (expiry, suspensions, daily limits). */
export interface Clock {
  /** Unix seconds. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };
