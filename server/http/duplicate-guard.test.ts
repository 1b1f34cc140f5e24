import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { AppState } from '../infra/app-state.js';
import { guardKey, onceWithin5Minutes } from './duplicate-guard.js';

// The duplicate-submission guard at the clock's seconds: a key is held for 5 minutes; expired keys
// are deleted at most once a minute, and a claim takes over an expired key that is still there.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.stop();
});

const rows = async () =>
  (await app.lantern.ctx.db.selectFrom('request_guard').select(['key_hash', 'expires_at']).orderBy('expires_at').execute()).map((r) =>
    Number(r.expires_at),
  );

describe('the duplicate-submission guard', () => {
  it('refuses a key held within 5 minutes, takes over an expired one, and deletes expired keys once a minute', async () => {
    const ctx = app.lantern.ctx;
    const a = guardKey(1, 'POST /question', { title: 'a' });
    const b = guardKey(1, 'POST /question', { title: 'b' });
    const ran: number[] = [];
    const once = (key: string, now: number) => onceWithin5Minutes(ctx, key, now, async () => ran.push(now));
    const t = 1_000_000;
    await once(a, t);
    await expect(once(a, t + 299)).rejects.toMatchObject({ reason: 'base.duplicate_request_error' });
    await once(b, t + 299);
    expect(await rows()).toEqual([t + 300, t + 599]);
    // a second later the key has expired: no delete runs (the last was a second ago), the claim takes it over
    await once(a, t + 300);
    expect(await rows()).toEqual([t + 599, t + 600]);
    await expect(once(a, t + 301)).rejects.toMatchObject({ reason: 'base.duplicate_request_error' });
    // a minute on, expired keys go before the claim
    await once(guardKey(2, 'POST /answer', {}), t + 600);
    expect(await rows()).toEqual([t + 900]);
    expect(ran).toEqual([t, t + 299, t + 300, t + 600]);
  });

  it('releases the key of a create that failed', async () => {
    const ctx = app.lantern.ctx;
    const key = guardKey(3, 'POST /comment', { text: 'x' });
    const t = 2_000_000;
    await expect(onceWithin5Minutes(ctx, key, t, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await onceWithin5Minutes(ctx, key, t + 1, async () => 'made')).toBe('made');
  });

  it('keeps when expired keys were last deleted per app: a second app on the same database deletes them on its own schedule', async () => {
    const a = app.lantern.ctx;
    const b = { db: a.db, state: new AppState() };
    const t = 3_000_000;
    const once = (ctx: typeof b, n: number, now: number) => onceWithin5Minutes(ctx, guardKey(4, 'POST /answer', { n }), now, async () => n);
    await once(a, 1, t);
    await once(a, 2, t + 10);
    // a minute on, the first app deletes the expired keys (the earlier tests' and key 1)
    await once(a, 3, t + 305);
    expect(await rows()).toEqual([t + 310, t + 605]);
    // key 2 expires at t + 310; the first app deleted keys 15 seconds ago, so it leaves it
    await once(a, 4, t + 320);
    expect(await rows()).toEqual([t + 310, t + 605, t + 620]);
    // the second app has deleted nothing yet: it does so now
    await once(b, 5, t + 321);
    expect(await rows()).toEqual([t + 605, t + 620, t + 621]);
  });
});
