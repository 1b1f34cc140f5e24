import { TIMING } from '../../server/contract/limits';

const PREFIX = 'lantern.';

/** Reads a local-storage entry written by writeLocal; entries expire after 7 days by default. */
export function readLocal<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const entry = JSON.parse(raw) as { v: T; exp: number };
    if (entry.exp && entry.exp < Date.now()) {
      localStorage.removeItem(PREFIX + key);
      return null;
    }
    return entry.v;
  } catch {
    return null;
  }
}

/** Writes a local-storage entry with an expiry. */
export function writeLocal(key: string, value: unknown, ttlMs: number = TIMING.localStorageTtlMs): void {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ v: value, exp: Date.now() + ttlMs }));
  } catch {
    /* storage full or disabled */
  }
}

/** Removes a local-storage entry. */
export function removeLocal(key: string): void {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* ignore */
  }
}
