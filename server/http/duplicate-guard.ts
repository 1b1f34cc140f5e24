import { createHash } from 'node:crypto';
import type { AppContext } from '../app-context.js';
import { appSlot } from '../infra/app-state.js';
import { badRequest } from './errors.js';
import { claimGuard, deleteExpiredGuards, releaseGuard } from './request-guard.repository.js';

const WINDOW_SECONDS = 5 * 60;
const PURGE_EVERY_SECONDS = 60;
/** When this app last deleted expired keys (clock seconds), held by its context. */
const LAST_PURGE = appSlot<{ at: number }>('http.duplicate-guard-purge');

/** The guard key of a request: user, route and body. */
export function guardKey(userId: number, route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${userId}\n${route}\n${JSON.stringify(body)}`)
    .digest('hex');
}

/**
 * Runs a create once per identical request within 5 minutes (base.duplicate_request_error);
 * a failed attempt does not block a retry. Kept in the database so several processes agree.
 */
export async function onceWithin5Minutes<T>(
  ctx: Pick<AppContext, 'db' | 'state'>,
  key: string,
  now: number,
  run: () => Promise<T>,
): Promise<T> {
  const { db } = ctx;
  const lastPurge = ctx.state.getOrMake(LAST_PURGE, () => ({ at: Number.NEGATIVE_INFINITY }));
  // expired keys are forgotten at most once a minute per process (a claim takes over an expired key
  // itself): deleting them before every create was a write of its own on every request
  if (now - lastPurge.at >= PURGE_EVERY_SECONDS) {
    lastPurge.at = now;
    await deleteExpiredGuards(db, now);
  }
  if (!(await claimGuard(db, key, now, now + WINDOW_SECONDS))) throw badRequest('base.duplicate_request_error');
  try {
    return await run();
  } catch (err) {
    await releaseGuard(db, key);
    throw err;
  }
}
