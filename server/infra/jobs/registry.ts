import type { Logger } from 'pino';

/** The timers a registry schedules with; tests pass a manual one (see manualTimers in registry.test.ts). */
export interface JobTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/** Node's timers, unref'd: a background job never keeps the process alive. */
export const nodeTimers: JobTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (h) => clearInterval(h as NodeJS.Timeout),
};

/** What a run is told. */
export interface JobRun {
  /** The run at start (firstMs), not a repeat. */
  first: boolean;
  /** True once the registry is stopping: a long run stops after its current step. */
  stopped: () => boolean;
}

/** A background job: its runs, when they go, and what it finishes on stop. */
export interface JobSpec {
  /** Unique in the registry (e.g. `question.hot-score`). */
  name: string;
  /** Ms after start of the first run (0: at once); none: no run at start. */
  firstMs?: number;
  /** Ms between repeat runs; none or 0: no repeats. */
  everyMs?: number;
  /** Once per site: only the process that leads runs it (see Peers.leader). */
  leaderOnly?: boolean;
  /** One run; runs of one job never overlap. A failure is logged with `failure` and the next run goes on. */
  run?: (run: JobRun) => Promise<void>;
  /** The log message of a failed run (default `<name> failed`). */
  failure?: string;
  /** Work to finish on stop, after the timers are cleared and a run in progress awaited (a buffer's flush). */
  stop?: () => Promise<void>;
}

/** What the registry needs of the app. */
export interface JobHost {
  logger: Pick<Logger, 'warn'>;
  /** Whether this process leads (leaderOnly jobs run only then); read at each run. */
  leader: () => boolean;
  timers?: JobTimers;
}

type Started = { spec: JobSpec; handles: { timeout?: unknown; interval?: unknown }; running: Promise<void> };

/**
 * Owns an app's background jobs: they are added by name in the order they start, started together
 * (start()), and stopped in reverse order (stop(), awaited by app.close()): each job's timers are
 * cleared, its run in progress is told to stop and awaited, then its own stop() runs. Errors of a
 * run or a stop are logged, never thrown. The registry holds every timer, so no job outlives it.
 */
export class JobRegistry {
  private readonly specs: JobSpec[] = [];
  private started: Started[] = [];
  private state: 'ready' | 'running' | 'stopping' | 'stopped' = 'ready';
  private readonly timers: JobTimers;

  constructor(private readonly host: JobHost) {
    this.timers = host.timers ?? nodeTimers;
  }

  /** Declares a job (before start()); a second job of one name is refused. */
  add(spec: JobSpec): void {
    if (this.state !== 'ready') throw new Error(`job ${spec.name} added after the registry started`);
    if (this.specs.some((s) => s.name === spec.name)) throw new Error(`job ${spec.name} is declared twice`);
    this.specs.push(spec);
  }

  /** The jobs' names in declared (start) order. */
  names(): string[] {
    return this.specs.map((s) => s.name);
  }

  /** The names of the jobs started and not yet stopped, in start order. */
  running(): string[] {
    return this.started.map((s) => s.spec.name);
  }

  /** Starts every job in declared order. */
  start(): void {
    if (this.state !== 'ready') throw new Error('the job registry started twice');
    this.state = 'running';
    for (const spec of this.specs) this.started.push(this.startOne(spec));
  }

  /** Stops the jobs in reverse order, each awaited before the next; safe to call twice. */
  async stop(): Promise<void> {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    this.state = 'stopping';
    for (const job of [...this.started].reverse()) {
      this.timers.clearTimeout(job.handles.timeout);
      this.timers.clearInterval(job.handles.interval);
      await job.running;
      await job.spec
        .stop?.()
        .catch((err: unknown) => this.host.logger.warn({ err, job: job.spec.name }, `stopping ${job.spec.name} failed`));
      this.started = this.started.filter((s) => s !== job);
    }
    this.state = 'stopped';
  }

  private startOne(spec: JobSpec): Started {
    const job: Started = { spec, handles: {}, running: Promise.resolve() };
    const stopped = () => this.state !== 'running';
    const run = (first: boolean) => {
      if (!spec.run) return;
      job.running = job.running.then(async () => {
        if (stopped() || (spec.leaderOnly && !this.host.leader())) return;
        try {
          await spec.run!({ first, stopped });
        } catch (err) {
          this.host.logger.warn({ err, job: spec.name }, spec.failure ?? `${spec.name} failed`);
        }
      });
    };
    if (spec.firstMs !== undefined) job.handles.timeout = this.timers.setTimeout(() => run(true), spec.firstMs);
    if (spec.everyMs) job.handles.interval = this.timers.setInterval(() => run(false), spec.everyMs);
    return job;
  }
}
