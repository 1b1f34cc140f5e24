import type { Clock } from '../clock.js';
import { AppError } from '../../http/errors.js';

/** One limit: at most `max` counted attempts per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The account endpoints' limits, per account (email or user id) and per client address. */
export interface RateLimitConfig {
  /** Failed logins (a success clears the account's count). */
  loginPerAccount: Limit;
  loginPerAddress: Limit;
  /** Registration attempts that pass validation. */
  registerPerAccount: Limit;
  registerPerAddress: Limit;
  /** Mails asked for: password reset, activation resend, email change. */
  mailPerAccount: Limit;
  mailPerAddress: Limit;
}

/** Generous enough for a team behind one address, tight enough to stop guessing. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = Object.freeze({
  loginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 30, windowSeconds: 15 * 60 },
  registerPerAccount: { max: 5, windowSeconds: 60 * 60 },
  registerPerAddress: { max: 20, windowSeconds: 60 * 60 },
  mailPerAccount: { max: 5, windowSeconds: 15 * 60 },
  mailPerAddress: { max: 20, windowSeconds: 15 * 60 },
});

interface Bucket {
  count: number;
  /** Unix seconds when the window started. */
  start: number;
  windowSeconds: number;
}

/** 429 in the envelope: "Too many attempts, try again in N s." with data.retry_after = N. */
export function tooManyAttempts(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, 'error.user.too_many_attempts', { err_type: 'toast', retry_after: wait }, [], { seconds: wait });
}

const MAX_KEYS = 50_000;

/**
 * Fixed-window counters in memory, one per key (e.g. "login:account:a@b.c").
 * A key whose count reached its limit is refused until its window ends.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly clock: Clock,
    readonly limits: RateLimitConfig = DEFAULT_RATE_LIMITS,
  ) {}

  private live(key: string, now: number): Bucket | undefined {
    const b = this.buckets.get(key);
    if (b && now - b.start >= b.windowSeconds) {
      this.buckets.delete(key);
      return undefined;
    }
    return b;
  }

  /** Throws 429 when any of the keys has used up its limit. */
  check(...entries: [key: string, limit: Limit][]): void {
    const now = this.clock.now();
    let wait = 0;
    for (const [key, limit] of entries) {
      const b = this.live(key, now);
      if (b && b.count >= limit.max) wait = Math.max(wait, b.start + b.windowSeconds - now);
    }
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** Counts one attempt against each key. */
  hit(...entries: [key: string, limit: Limit][]): void {
    const now = this.clock.now();
    if (this.buckets.size > MAX_KEYS) this.prune(now);
    for (const [key, limit] of entries) {
      const b = this.live(key, now);
      if (b) b.count += 1;
      else this.buckets.set(key, { count: 1, start: now, windowSeconds: limit.windowSeconds });
    }
  }

  /** Checks, then counts (for attempts counted whether or not they succeed). */
  take(...entries: [key: string, limit: Limit][]): void {
    this.check(...entries);
    this.hit(...entries);
  }

  /** Forgets a key (a successful login clears the account's failures). */
  clear(key: string): void {
    this.buckets.delete(key);
  }

  private prune(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.start >= b.windowSeconds) this.buckets.delete(key);
  }
}
