import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BcryptThread } from './bcrypt-thread.js';

/** scrypt's cost parameters (memory is 128 * N * r bytes per hash). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The product's cost: 16 MiB and ~80 ms a hash on a busy two-core machine (2^15 took 160-340 ms). */
export const SCRYPT_COST: ScryptCost = Object.freeze({ N: 16384, r: 8, p: 1 });

/** For tests only (test-app's config): a cheap hash, so factories stay fast. Never a server's setting. */
export const TEST_SCRYPT_COST: ScryptCost = Object.freeze({ N: 1024, r: 8, p: 1 });

const KEY_BYTES = 32;
const SALT_BYTES = 16;
/**
 * Hashes computed at once (scrypt on libuv's threadpool, bcrypt in its thread): one core fewer than
 * the machine has, so the request thread always keeps one (on two cores, 30 logins with two hashes at
 * once slowed /healthz to 400-600 ms; one at a time keeps it quick), and file I/O keeps a pool thread.
 */
const PARALLEL_HASHES = Math.max(1, availableParallelism() - 1);
/** Bounds on a stored hash's parameters, so a tampered row cannot ask for gigabytes. */
const MAX_N = 1 << 20;
const MAX_RP = 64;

/** What a check found: whether the password matched, and whether its hash should be replaced by a current one. */
export interface Verdict {
  ok: boolean;
  /** The stored hash is bcrypt or weaker than the current cost: rehash after a successful login. */
  upgrade: boolean;
}

function scryptAsync(plain: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r * cost.p + 1024 * 1024 };
  return new Promise((resolve, reject) => scrypt(plain, salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Parses `scrypt$N$r$p$salt$hash` (salt and hash in base64); null for anything else. */
function parseScrypt(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every(Number.isInteger) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r < 1 || r > MAX_RP || p < 1 || p > MAX_RP)
    return null;
  const salt = Buffer.from(parts[4], 'base64');
  const key = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { cost: { N, r, p }, salt, key };
}

const isBcrypt = (stored: string) => /^\$2[abxy]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(stored);

/**
 * Every password hashed or checked goes through here, off the request thread: new hashes are
 * scrypt (node's own, run on libuv's threadpool) in a self-describing `scrypt$N$r$p$salt$hash`;
 * old bcrypt hashes are checked in a worker thread and reported for upgrade. A check with no hash
 * to compare against (an unknown email, an account with no password) costs the same as a real one.
 */
export class Passwords {
  private readonly bcrypt = new BcryptThread();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private dummy: Promise<string> | null = null;
  /** Hashes computed so far, real or dummy (scrypt and bcrypt): tests count the work a request did. */
  computed = 0;

  constructor(readonly cost: ScryptCost = SCRYPT_COST) {}

  /** A new hash of `plain` at the current cost. */
  async hash(plain: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.limited(() => scryptAsync(plain, salt, this.cost));
    const { N, r, p } = this.cost;
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /**
   * Whether `plain` matches `stored`. An empty or unreadable `stored` (or undefined: no such
   * account) is checked against a dummy hash of the same cost and never matches.
   */
  async verify(plain: string, stored: string | undefined | null): Promise<Verdict> {
    if (stored && isBcrypt(stored)) return { ok: await this.limited(() => this.bcrypt.compare(plain, stored)), upgrade: true };
    const parsed = stored ? parseScrypt(stored) : null;
    if (!parsed) {
      await this.verify(plain, await this.dummyHash());
      return { ok: false, upgrade: false };
    }
    const key = await this.limited(() => scryptAsync(plain, parsed.salt, parsed.cost));
    const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
    const { N, r, p } = parsed.cost;
    return { ok, upgrade: N * r * p < this.cost.N * this.cost.r * this.cost.p };
  }

  /** Ends the bcrypt thread. */
  async close(): Promise<void> {
    await this.bcrypt.close();
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(16).toString('hex'));
    return this.dummy;
  }

  /** Runs `work` when fewer than PARALLEL_HASHES are running. */
  private async limited<T>(work: () => Promise<T>): Promise<T> {
    this.computed++;
    if (this.running >= PARALLEL_HASHES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
