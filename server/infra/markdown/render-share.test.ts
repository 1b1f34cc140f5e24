import { describe, expect, it } from 'vitest';
import { RenderShares } from './render-share.js';

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

describe('RenderShares', () => {
  it("runs one member's renders one at a time, other members' at once", async () => {
    const shares = new RenderShares({ workerMsPerMinute: 10_000 });
    const order: string[] = [];
    const first = gate();
    const a1 = shares.run('a', async () => {
      order.push('a1 start');
      await first.promise;
      order.push('a1 end');
      return [1, 5];
    });
    const a2 = shares.run('a', async () => {
      order.push('a2 start');
      return [2, 5];
    });
    const b1 = shares.run('b', async () => {
      order.push('b1 start');
      return [3, 5];
    });
    expect(shares.busy('a')).toBe(true);
    expect(await b1).toBe(3);
    expect(order).toEqual(['a1 start', 'b1 start']);
    first.open();
    expect(await Promise.all([a1, a2])).toEqual([1, 2]);
    expect(order).toEqual(['a1 start', 'b1 start', 'a1 end', 'a2 start']);
    expect(shares.busy('a')).toBe(false);
  });

  it('charges the time each render reports; past the budget the member waits until it refills', async () => {
    let now = 1_000_000;
    const shares = new RenderShares({ workerMsPerMinute: 6000 }, () => now);
    await shares.run('a', async () => [null, 4000]);
    expect(shares.retryAfter('a')).toBe(0);
    await shares.run('a', async () => [null, 4000]);
    // 2 s over: at 6 s a minute (0.1 ms a ms) it is positive again after 20 s
    expect(shares.retryAfter('a')).toBe(21);
    expect(shares.retryAfter('b')).toBe(0);
    now += 20_010;
    expect(shares.retryAfter('a')).toBe(0);
    // it refills up to the budget, no further
    now += 3_600_000;
    await shares.run('a', async () => [null, 6001]);
    expect(shares.retryAfter('a')).toBeGreaterThan(0);
  });

  it("a failed render ends the member's turn (the next one runs) and is not charged", async () => {
    const shares = new RenderShares({ workerMsPerMinute: 1000 });
    await expect(shares.run('a', async () => Promise.reject(new Error('worker gone')))).rejects.toThrow('worker gone');
    expect(shares.busy('a')).toBe(false);
    expect(await shares.run('a', async () => ['ok', 1])).toBe('ok');
  });
});
