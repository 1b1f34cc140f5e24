import { describe, expect, it } from 'vitest';
import { manualTimers } from './manual-timers.js';
import { JobRegistry, type JobSpec } from './registry.js';

function setup(leader = true) {
  const timers = manualTimers();
  const warnings: { job?: string; msg: string }[] = [];
  const logger = { warn: (obj: { job?: string }, msg: string) => void warnings.push({ job: obj.job, msg }) };
  const registry = new JobRegistry({ logger: logger as never, leader: () => leader, timers });
  return { timers, warnings, registry };
}

describe('JobRegistry', () => {
  it('runs a job first at firstMs and then every everyMs', async () => {
    const { timers, registry } = setup();
    const runs: boolean[] = [];
    registry.add({ name: 'a', firstMs: 10, everyMs: 100, run: async ({ first }) => void runs.push(first) });
    registry.start();
    await timers.advance(9);
    expect(runs).toEqual([]);
    await timers.advance(1);
    expect(runs).toEqual([true]);
    await timers.advance(200);
    expect(runs).toEqual([true, false, false]);
  });

  it('starts jobs in declared order and stops them in reverse, each stop awaited', async () => {
    const { timers, registry } = setup();
    const log: string[] = [];
    for (const name of ['one', 'two', 'three'])
      registry.add({
        name,
        firstMs: 0,
        run: async () => void log.push(`run ${name}`),
        stop: async () => {
          await new Promise((r) => setImmediate(r));
          log.push(`stop ${name}`);
        },
      });
    registry.start();
    await timers.advance(0);
    expect(registry.running()).toEqual(['one', 'two', 'three']);
    await registry.stop();
    expect(log).toEqual(['run one', 'run two', 'run three', 'stop three', 'stop two', 'stop one']);
    expect(registry.running()).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it('awaits a run in progress on stop and tells it to stop', async () => {
    const { timers, registry } = setup();
    let release!: () => void;
    const seen: boolean[] = [];
    registry.add({
      name: 'long',
      firstMs: 0,
      run: async ({ stopped }) => {
        await new Promise<void>((r) => (release = r));
        seen.push(stopped());
      },
    });
    registry.start();
    await timers.advance(0);
    let done = false;
    const stopping = registry.stop().then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    release();
    await stopping;
    expect(seen).toEqual([true]);
  });

  it('runs no more after stop', async () => {
    const { timers, registry } = setup();
    let runs = 0;
    registry.add({ name: 'a', everyMs: 10, run: async () => void runs++ });
    registry.start();
    await timers.advance(25);
    expect(runs).toBe(2);
    await registry.stop();
    await timers.advance(100);
    expect(runs).toBe(2);
  });

  it('logs a failed run and a failed stop, and the next run still goes', async () => {
    const { timers, warnings, registry } = setup();
    let runs = 0;
    registry.add({
      name: 'flaky',
      everyMs: 10,
      failure: 'flaky job failed',
      run: async () => {
        runs++;
        if (runs === 1) throw new Error('boom');
      },
      stop: async () => {
        throw new Error('bang');
      },
    });
    registry.start();
    await timers.advance(20);
    expect(runs).toBe(2);
    await expect(registry.stop()).resolves.toBeUndefined();
    expect(warnings).toEqual([
      { job: 'flaky', msg: 'flaky job failed' },
      { job: 'flaky', msg: 'stopping flaky failed' },
    ]);
  });

  it('never overlaps two runs of one job', async () => {
    const { timers, registry } = setup();
    let active = 0;
    let most = 0;
    let release!: () => void;
    registry.add({
      name: 'slow',
      everyMs: 10,
      run: async () => {
        active++;
        most = Math.max(most, active);
        await new Promise<void>((r) => (release = r));
        active--;
      },
    });
    registry.start();
    await timers.advance(30);
    expect(most).toBe(1);
    release();
    await new Promise((r) => setImmediate(r));
    release();
    await registry.stop().catch(() => undefined);
    expect(most).toBe(1);
  });

  it('runs a leaderOnly job only while this process leads', async () => {
    const { timers, registry } = setup(false);
    let runs = 0;
    registry.add({ name: 'site', firstMs: 0, leaderOnly: true, run: async () => void runs++ } satisfies JobSpec);
    registry.start();
    await timers.advance(10);
    expect(runs).toBe(0);
  });

  it('refuses a second job of one name and a job added after start', () => {
    const { registry } = setup();
    registry.add({ name: 'a' });
    expect(() => registry.add({ name: 'a' })).toThrow(/declared twice/);
    registry.start();
    expect(() => registry.add({ name: 'b' })).toThrow(/after the registry started/);
  });
});
