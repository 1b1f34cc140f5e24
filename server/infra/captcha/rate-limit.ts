import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { countAttempt, deleteEndedCounters, forgetCounter, giveBackAttempt, liveCounters, setCounterEnd } from './rate-limit.repository.js';
import { AppError } from '../../http/errors.js';

/** One limit: at most `max` counted attempts per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** The account endpoints' limits, per account (email or user id) and per client address. */
export interface RateLimitConfig {
  /**
   * Failed logins on one account from one address. Past it that address waits
   * `loginDelaySeconds`, doubling each time it uses up its tries again (up to a day); a success
   * clears it. Failures from other addresses never touch it.
   */
  loginPerAccountAddress: Limit;
  /** The first wait of an (account, address) that used up its tries (seconds). */
  loginDelaySeconds: number;
  /** Failed logins from one address, whatever the accounts (a success does not count). */
  loginPerAddress: Limit;
  /**
   * Failed logins on one account from anywhere. Past it the account is never locked: addresses
   * it has not logged in from must solve the captcha (when the captcha plugin is on) or wait a
   * delay that starts at `loginDelaySeconds` and doubles with each further failure, up to the window.
   */
  loginPerAccount: Limit;
  /** Registration attempts that pass validation. */
  registerPerAccount: Limit;
  registerPerAddress: Limit;
  /** Mails asked for: password reset, activation resend, email change. */
  mailPerAccount: Limit;
  mailPerAddress: Limit;
}

/** Generous enough for a team behind one address, tight enough to stop guessing. */
export const DEFAULT_RATE_LIMITS: RateLimitConfig = Object.freeze({
  loginPerAccountAddress: { max: 5, windowSeconds: 15 * 60 },
  loginDelaySeconds: 60,
  loginPerAddress: { max: 30, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
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

/**
 * The address an attempt is counted against: an IPv4 address as it is (an IPv4-mapped IPv6 one as
 * IPv4), an IPv6 address by its /64, the block one subscriber usually gets, so cycling through the
 * addresses of one's own block earns no new attempts.
 */
export function addressUnit(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The stored key: a hash, so the table holds no email or address. */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A live counter: its count and the seconds until its window ends. */
export interface Counter {
  count: number;
  remaining: number;
}

/**
 * Fixed-window counters, one per key (e.g. "login:address:10.0.0.1"), kept in the database: every
 * server process sharing it counts the same attempts, and a restart forgets none. A key whose
 * count reached its limit is refused until its window ends.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly limits: RateLimitConfig = DEFAULT_RATE_LIMITS,
  ) {}

  /** The live counters of `keys`, by key (keys with none are absent). */
  async read(...keys: string[]): Promise<Map<string, Counter>> {
    const now = this.clock.now();
    const byHash = new Map(keys.map((k) => [keyHash(k), k]));
    const rows = await liveCounters(this.db, [...byHash.keys()], now);
    return new Map(rows.map((r) => [byHash.get(r.key_hash)!, { count: Number(r.count), remaining: r.expires_at - now }]));
  }

  /**
   * Takes one attempt from each key before the work it guards, atomically per key: when any key
   * has none left, gives back those taken and throws 429 with the longest wait. However many
   * requests arrive at once, no more than a limit's `max` get through in its window. Returns the
   * counts after taking, in order.
   */
  async reserve(...entries: [key: string, limit: Limit][]): Promise<number[]> {
    const now = this.clock.now();
    const taken: string[] = [];
    const counts: number[] = [];
    for (const [key, limit] of entries) {
      const count = await countAttempt(this.db, keyHash(key), now, limit.windowSeconds, limit.max);
      if (count === undefined) {
        await this.release(...taken);
        const wait = (await this.read(key)).get(key)?.remaining ?? 1;
        throw tooManyAttempts(wait);
      }
      taken.push(key);
      counts.push(count);
    }
    return counts;
  }

  /** Gives back one attempt taken by reserve() (the attempt turned out not to count). */
  async release(...keys: string[]): Promise<void> {
    const now = this.clock.now();
    for (const key of keys) await giveBackAttempt(this.db, keyHash(key), now);
  }

  /** Counts one attempt against a key; returns the new count. */
  async hit(key: string, windowSeconds: number): Promise<number> {
    return (await countAttempt(this.db, keyHash(key), this.clock.now(), windowSeconds))!;
  }

  /** Keeps a key's counter live (and so refusing, when it is full) for `seconds` from now. */
  async holdFor(key: string, seconds: number): Promise<void> {
    await setCounterEnd(this.db, keyHash(key), this.clock.now() + seconds);
  }

  /** Forgets a key (a successful login clears its failures). */
  async clear(...keys: string[]): Promise<void> {
    for (const key of keys) await forgetCounter(this.db, keyHash(key));
  }

  /** Deletes the counters whose window has ended (the session purge job calls it). */
  async purgeEnded(): Promise<void> {
    await deleteEndedCounters(this.db, this.clock.now());
  }
}
