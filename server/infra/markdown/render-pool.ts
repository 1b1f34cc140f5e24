import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-entry.js';
import type { makeRenderer, RenderOptions } from './render-core.js';

/** The modules a render worker loads, resolved here so the worker finds them from any entry (tests or the bundle). */
const MODULES = ['markdown-it', 'markdown-it-anchor', 'markdown-it-footnote', 'sanitize-html', 'highlight.js', 'pinyin-pro'];

/** One render sent to a worker; `id` pairs the answer with its task. */
interface RenderRequest {
  id: number;
  source: string;
  options: RenderOptions;
}
type RenderReply = { id: number; html: string } | { id: number; error: string };

/**
 * A render worker's entry (render-worker.ts beside this file, TypeScript): the build bundles it to
 * out/main/workers/ and points this URL there; from the sources startWorker bundles it on first use.
 */
const WORKER_ENTRY = new URL('./render-worker.ts', import.meta.url);

const BOOT_FAILURES_MAX = 3;

/** A render's wall time may reach this many times its deadline while its thread waited for a core. */
export const WALL_FACTOR = 4;

/** The CPU time (ms) thread `tid` of this process has used, or null where it cannot be read. */
function threadCpuMs(tid: number | null): number | null {
  if (tid === null) return null;
  try {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (USER_HZ, 100 a second on Linux)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** What ends a render: its HTML, or null when it did not finish in time (the worker was stopped) or failed. */
type Outcome = string | null;

interface Task {
  id: number;
  request: RenderRequest;
  /** Ends the task; `cpuMs`: its worker thread's CPU time at the end, where known. */
  settle: (html: Outcome, cpuMs?: number | null) => void;
  deadlineMs: number;
  /** Ends a task still waiting for a worker after the wait limit. */
  waitTimer?: NodeJS.Timeout;
  /** Whether its wait was extended once because no worker had started yet. */
  waitedForStart?: boolean;
  /** When a worker took it (Date.now()), and its thread's CPU time then (ms; null where unknown). */
  startedAt?: number;
  cpuAt?: number | null;
}

interface Slot {
  worker: Worker;
  /** The worker's thread id (Linux: its CPU time is read from /proc), or null. */
  tid: number | null;
  /** Whether it has loaded its modules (renders go only to ready workers). */
  ready: boolean;
  task?: Task;
  runTimer?: NodeJS.Timeout;
}

export interface RenderPoolOptions {
  /** Worker threads (1-2 is plenty: a render takes milliseconds). */
  size: number;
  /**
   * A render running longer than this is stopped (its worker terminated and replaced). Where the
   * thread's CPU time can be read (Linux), this much CPU time, within WALL_FACTOR times as much wall
   * time: a worker that a busy machine (or its nice value) kept off the cores is given its time.
   */
  deadlineMs: number;
  /** A render not started after this long (the workers busy) is given up; twice this while no worker has started yet. */
  maxWaitMs: number;
  /** Renders waiting beyond this count are given up at once. */
  maxQueue: number;
  /** How far below the request thread's nice value the workers run on Linux (per thread, at most 19); 0 leaves them as they are. */
  nice: number;
}

export const DEFAULT_RENDER_POOL: RenderPoolOptions = Object.freeze({ size: 2, deadlineMs: 2000, maxWaitMs: 5000, maxQueue: 64, nice: 10 });

/** Adds up the time renders spent in a worker (ms, from the worker taking it to its answer or stop). */
export interface RenderMeter {
  ms: number;
}

/**
 * Worker threads that render markdown, so a slow render (hostile input: highlight.js is quadratic
 * on a long token, markdown-it slow on some 64 KB shapes) never blocks the request thread, and one
 * that runs past the deadline is stopped: its worker is terminated and the render answers null
 * (the caller falls back to escaped text). Workers start on first use and do not keep the process alive.
 */
export class RenderPool {
  private slots: Slot[] = [];
  private queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private bootFailures = 0;
  private readonly paths: Record<string, string>;

  constructor(
    readonly options: RenderPoolOptions = DEFAULT_RENDER_POOL,
    private readonly limits: Parameters<typeof makeRenderer>[1],
  ) {
    const req = createRequire(import.meta.url);
    this.paths = Object.fromEntries(MODULES.map((m) => [m, req.resolve(m)]));
  }

  /** Renders in a worker: the HTML, or null past the deadline, the wait limit, a full queue or a worker's failure. */
  render(source: string, options: RenderOptions, deadlineMs = this.options.deadlineMs, meter?: RenderMeter): Promise<Outcome> {
    if (this.closed || this.broken || this.queue.length >= this.options.maxQueue) return Promise.resolve(null);
    return new Promise<Outcome>((resolve) => {
      const id = this.nextId++;
      const settle = (html: Outcome, cpuMs?: number | null) => {
        // charged: the CPU time the render used where known, else its time in the worker
        if (meter && task.startedAt !== undefined)
          meter.ms += cpuMs !== undefined && cpuMs !== null && task.cpuAt != null ? cpuMs - task.cpuAt : Date.now() - task.startedAt;
        resolve(html);
      };
      const task: Task = { id, request: { id, source, options }, settle, deadlineMs };
      const giveUp = () => {
        const at = this.queue.indexOf(task);
        if (at < 0) return;
        // workers still starting (a cold start on a busy machine): wait as long again, once
        if (!task.waitedForStart && !this.slots.some((s) => s.ready)) {
          task.waitedForStart = true;
          task.waitTimer = setTimeout(giveUp, this.options.maxWaitMs);
          task.waitTimer.unref();
          return;
        }
        this.queue.splice(at, 1);
        resolve(null);
      };
      task.waitTimer = setTimeout(giveUp, this.options.maxWaitMs);
      task.waitTimer.unref();
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Workers alive (for tests). */
  get workers(): number {
    return this.slots.length;
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.slots.find((s) => s.ready && !s.task);
      if (!slot) {
        while (this.slots.length < this.options.size) this.spawn();
        // renders are waiting: the starting workers keep the process alive until they answer
        for (const s of this.slots) s.worker.ref();
        return;
      }
      const task = this.queue.shift()!;
      clearTimeout(task.waitTimer);
      task.startedAt = Date.now();
      task.cpuAt = threadCpuMs(slot.tid);
      slot.task = task;
      slot.worker.ref();
      this.watch(slot, task, task.deadlineMs);
      slot.worker.postMessage(task.request);
    }
  }

  /** Stops `slot`'s render after `ms`, unless its thread has used less CPU than the deadline (then waits on). */
  private watch(slot: Slot, task: Task, ms: number): void {
    slot.runTimer = setTimeout(() => {
      if (slot.task !== task) return;
      const cpu = threadCpuMs(slot.tid);
      const used = cpu !== null && task.cpuAt != null ? cpu - task.cpuAt : null;
      const wall = Date.now() - task.startedAt!;
      if (used !== null && used < task.deadlineMs && wall < task.deadlineMs * WALL_FACTOR)
        return this.watch(slot, task, Math.min(task.deadlineMs - used, task.deadlineMs * WALL_FACTOR - wall) + 10);
      this.stop(slot, null);
    }, ms);
  }

  private spawn(): Slot {
    const worker = startWorker(WORKER_ENTRY, {
      workerData: { paths: this.paths, limits: this.limits, nice: this.options.nice },
      // no flag of the parent's (a loader, from the sources, is startWorker's)
      execArgv: [],
      // a render holds one post: a small heap also bounds a hostile one
      resourceLimits: { maxOldGenerationSizeMb: 128 },
    });
    const slot: Slot = { worker, tid: null, ready: false };
    worker.unref();
    worker.on('message', (reply: RenderReply | { ready: number | null }) => {
      if ('ready' in reply) {
        slot.tid = reply.ready;
        slot.ready = true;
        worker.unref();
        this.bootFailures = 0;
        this.dispatch();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      clearTimeout(slot.runTimer);
      slot.task = undefined;
      worker.unref();
      task.settle('html' in reply ? reply.html : null, threadCpuMs(slot.tid));
      this.dispatch();
    });
    const gone = () => {
      if (!this.slots.includes(slot)) return;
      this.slots = this.slots.filter((s) => s !== slot);
      if (!slot.ready) this.bootFailures++;
      clearTimeout(slot.runTimer);
      slot.task?.settle(null);
      slot.task = undefined;
      if (this.broken) this.failQueue();
      else this.dispatch();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    this.slots.push(slot);
    return slot;
  }

  /** Ends a slot's render with `outcome` and terminates its worker; the next render starts another. */
  private stop(slot: Slot, outcome: Outcome): void {
    if (!this.slots.includes(slot)) return;
    this.slots = this.slots.filter((s) => s !== slot);
    slot.task?.settle(outcome, threadCpuMs(slot.tid));
    slot.task = undefined;
    void slot.worker.terminate();
    // start the replacement now: it loads its modules before the next render needs it
    this.dispatch();
    if (!this.closed && !this.broken && this.slots.length < this.options.size) this.spawn();
  }

  /** Whether workers keep failing to start (BOOT_FAILURES_MAX in a row): renders then answer null at once. */
  private get broken(): boolean {
    return this.bootFailures >= BOOT_FAILURES_MAX;
  }

  private failQueue(): void {
    for (const t of this.queue.splice(0)) {
      clearTimeout(t.waitTimer);
      t.settle(null);
    }
  }

  /** Stops every worker; renders waiting or running answer null. */
  async close(): Promise<void> {
    this.closed = true;
    this.failQueue();
    const slots = this.slots.splice(0);
    for (const s of slots) {
      clearTimeout(s.runTimer);
      s.task?.settle(null);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
