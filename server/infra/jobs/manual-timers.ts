import type { JobTimers } from './registry.js';

/** Timers for tests: they fire only when the test moves time on (advance), so a test sees each run it causes. */
export function manualTimers(): JobTimers & { advance(ms: number): Promise<void>; pending(): number } {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; every: number; fn: () => void }>();
  const add = (fn: () => void, ms: number, every: number) => {
    const id = next++;
    timers.set(id, { at: now + ms, every, fn });
    return id;
  };
  const clear = (h: unknown) => void timers.delete(h as number);
  return {
    setTimeout: (fn, ms) => add(fn, ms, 0),
    setInterval: (fn, ms) => add(fn, ms, ms),
    clearTimeout: clear,
    clearInterval: clear,
    pending: () => timers.size,
    async advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, t] = due;
        now = t.at;
        if (t.every) t.at += t.every;
        else timers.delete(id);
        t.fn();
        // let the run the timer started go as far as it can
        for (let i = 0; i < 10; i++) await Promise.resolve();
      }
      now = until;
    },
  };
}
