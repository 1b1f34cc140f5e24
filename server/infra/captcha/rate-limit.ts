import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { countAttempt, deleteEndedCounters, forgetCounter, liveCounters } from './rate-limit.repository.js';
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

/** 429 in the envelope: "Too many attempts, try again in N s." with data.retry_after = N. */
export function tooManyAttempts(seconds: number): AppError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new AppError(429, 'error.user.too_many_attempts', { err_type: 'toast', retry_after: wait }, [], { seconds: wait });
}

/** The stored key: a hash, so the table holds no email or address. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Fixed-window counters, one per key (e.g. "login:account:a@b.c"), kept in the database: every
 * server process sharing it counts the same attempts, and a restart forgets none. A key whose
 * count reached its limit is refused until its window ends.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly limits: RateLimitConfig = DEFAULT_RATE_LIMITS,
  ) {}

  /** Throws 429 when any of the keys has used up its limit. */
  async check(...entries: [key: string, limit: Limit][]): Promise<void> {
    const now = this.clock.now();
    const hashed = entries.map(([key, limit]) => ({ hash: keyHash(key), limit }));
    const live = new Map(
      (
        await liveCounters(
          this.db,
          hashed.map((e) => e.hash),
          now,
        )
      ).map((r) => [r.key_hash, r]),
    );
    let wait = 0;
    for (const { hash, limit } of hashed) {
      const c = live.get(hash);
      if (c && c.count >= limit.max) wait = Math.max(wait, c.expires_at - now);
    }
    if (wait > 0) throw tooManyAttempts(wait);
  }

  /** Counts one attempt against each key. */
  async hit(...entries: [key: string, limit: Limit][]): Promise<void> {
    const now = this.clock.now();
    for (const [key, limit] of entries) await countAttempt(this.db, keyHash(key), now, limit.windowSeconds);
  }

  /**
   * Checks, then counts (for attempts counted whether or not they succeed). Two processes taking
   * the last attempt at the same moment may both pass: a limit is exceeded by at most the number of
   * attempts made at once.
   */
  async take(...entries: [key: string, limit: Limit][]): Promise<void> {
    await this.check(...entries);
    await this.hit(...entries);
  }

  /** Forgets a key (a successful login clears the account's failures). */
  async clear(key: string): Promise<void> {
    await forgetCounter(this.db, keyHash(key));
  }

  /** Deletes the counters whose window has ended (the session purge job calls it). */
  async purgeEnded(): Promise<void> {
    await deleteEndedCounters(this.db, this.clock.now());
  }
}
