import bcrypt from 'bcryptjs';
import { afterEach, describe, expect, it } from 'vitest';
import { Passwords, SCRYPT_COST, TEST_SCRYPT_COST } from './password.js';

let passwords: Passwords;
afterEach(async () => passwords?.close());

/** The longest gap between 5 ms ticks of the main thread while `work` runs (ms). */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('Passwords', () => {
  it('hashes with scrypt in a self-describing format, salted, and checks it', async () => {
    passwords = new Passwords(TEST_SCRYPT_COST);
    const a = await passwords.hash('correct horse');
    const b = await passwords.hash('correct horse');
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await passwords.verify('correct horse', a)).toEqual({ ok: true, upgrade: false });
    expect(await passwords.verify('correct horsf', a)).toEqual({ ok: false, upgrade: false });
  });

  it('sizes the product cost for ~50-100 ms and 16 MiB a hash', async () => {
    passwords = new Passwords(SCRYPT_COST);
    const started = performance.now();
    const hash = await passwords.hash('correct horse');
    const ms = performance.now() - started;
    expect(hash.startsWith(`scrypt$${SCRYPT_COST.N}$${SCRYPT_COST.r}$${SCRYPT_COST.p}$`)).toBe(true);
    expect(128 * SCRYPT_COST.N * SCRYPT_COST.r).toBe(16 * 1024 * 1024);
    // generous bounds on a shared machine (1.2 s seen at a load average of 16 on two cores)
    expect(ms).toBeGreaterThan(15);
    expect(ms).toBeLessThan(3000);
    expect((await passwords.verify('correct horse', hash)).ok).toBe(true);
  });

  it('checks an old bcrypt hash and asks for it to be upgraded; a cheaper scrypt hash too', async () => {
    passwords = new Passwords(TEST_SCRYPT_COST);
    const old = bcrypt.hashSync('old-pass-123', 4);
    expect(await passwords.verify('old-pass-123', old)).toEqual({ ok: true, upgrade: true });
    expect((await passwords.verify('old-pass-124', old)).ok).toBe(false);
    const cheap = await new Passwords({ N: 256, r: 8, p: 1 }).hash('cheap-pass-1');
    expect(await passwords.verify('cheap-pass-1', cheap)).toEqual({ ok: true, upgrade: true });
  });

  it('checks bcrypt hashes off the main thread: 6 compares at cost 10 never stall it 150 ms', async () => {
    passwords = new Passwords(TEST_SCRYPT_COST);
    const old = bcrypt.hashSync('old-pass-123', 10);
    await passwords.verify('warm-up', old);
    const stall = await longestStall(() => Promise.all(Array.from({ length: 6 }, () => passwords.verify('old-pass-123', old))));
    expect(stall).toBeLessThan(150);
  });

  it('hashes at the product cost off the main thread: 8 at once never stall it 150 ms', async () => {
    passwords = new Passwords(SCRYPT_COST);
    const stall = await longestStall(() => Promise.all(Array.from({ length: 8 }, (_, i) => passwords.hash(`pass-${i}`))));
    expect(stall).toBeLessThan(150);
  });

  it('does the same work when there is no hash to check against (unknown account, no password, garbage)', async () => {
    passwords = new Passwords(TEST_SCRYPT_COST);
    const real = await passwords.hash('pw-123456');
    await passwords.verify('warm-up', undefined); // makes the dummy hash once
    for (const stored of [undefined, '', 'not-a-hash', real]) {
      const before = passwords.computed;
      expect((await passwords.verify('pw-1234567', stored)).ok).toBe(false);
      expect(passwords.computed - before, String(stored)).toBe(1);
    }
  });

  it('refuses a stored hash asking for an absurd cost without computing it', async () => {
    passwords = new Passwords(TEST_SCRYPT_COST);
    const real = await passwords.hash('pw-123456');
    const absurd = real.replace(/^scrypt\$1024\$/, 'scrypt$1073741824$');
    const started = performance.now();
    expect((await passwords.verify('pw-123456', absurd)).ok).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
