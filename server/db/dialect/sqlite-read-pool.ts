import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** One read sent to a worker; `id` pairs the answer with its promise. */
interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

/** A worker's answer: rows, or the error SQLite raised (message and code kept). */
type ReadReply =
  | { id: number; rows: Record<string, unknown>[]; blobs: boolean; ms: number }
  | { id: number; error: { message: string; code?: string } };

/** A read's rows and how long the worker took to run it (ms). */
export interface PoolResult {
  rows: Record<string, unknown>[];
  ms: number;
}

interface Pending {
  resolve: (r: PoolResult) => void;
  reject: (e: Error) => void;
  /** The run time expected when it was sent (ms). */
  expected: number;
}

interface Slot {
  worker: Worker;
  /** Whether its connection is open (reads go only to ready workers). */
  ready: boolean;
  inFlight: number;
  /** Expected run time of its reads in progress (ms): a read goes where it waits least. */
  queuedMs: number;
  pending: Map<number, Pending>;
  /** Settles when the worker has opened its connection, or has stopped. */
  opened: Promise<void>;
}

const BOOT_FAILURES_MAX = 3;

/** Where better-sqlite3 is, for a thread to load it. */
export function sqliteDriverPath(): string {
  return createRequire(import.meta.url).resolve('better-sqlite3');
}

/**
 * A read worker's entry: plain JavaScript beside this file, with node built-ins only (the driver's
 * path comes in workerData), so it runs as it is from the sources (vitest, tsx); the build emits it
 * beside the bundle and points this URL at it (workerEntries in electron.vite.config.ts).
 */
const WORKER_ENTRY = new URL('./sqlite-read-worker.mjs', import.meta.url);

/**
 * A pool of worker threads, each with its own read-only connection to the database file, so reads
 * run on the other cores while the main thread serves requests. Started on first use, stopped by
 * `close()`; `pause()` waits for the reads in progress and closes the workers (a restore replaces
 * the file), `resume()` lets the next read start them again.
 */
export class SqliteReadPool {
  private slots: Slot[] = [];
  private nextId = 1;
  private paused = false;
  /** Workers in a row that stopped before opening their connection; at BOOT_FAILURES_MAX the pool gives up (every read runs on the main connection). */
  private bootFailures = 0;
  private closed = false;
  private readonly driverPath: string;

  constructor(
    private readonly file: string,
    readonly size: number,
  ) {
    this.driverPath = sqliteDriverPath();
  }

  /** Whether the pool takes no reads: no workers, paused, closed, or given up on. */
  private get stopped(): boolean {
    return this.size === 0 || this.paused || this.closed || this.bootFailures >= BOOT_FAILURES_MAX;
  }

  /**
   * Whether a read may go to the pool now: a worker is ready. The first call starts the workers;
   * until one has opened its connection (a worker takes about 50 ms to start), reads run on the
   * main connection, so a start-up does not wait for the pool.
   */
  get available(): boolean {
    if (this.stopped) return false;
    if (this.slots.length < this.size) this.start();
    return this.slots.some((s) => s.ready);
  }

  /** Resolves once every worker has its connection open (starting them if needed). */
  async whenReady(): Promise<void> {
    if (this.stopped) return;
    if (this.slots.length < this.size) this.start();
    await Promise.all(this.slots.map((s) => s.opened));
  }

  /** Reads in progress in the workers. */
  get inFlight(): number {
    let n = 0;
    for (const s of this.slots) n += s.inFlight;
    return n;
  }

  /**
   * Runs one read-only statement in the worker whose queue is shortest by expected run time
   * (`expectedMs`, the statement's usual time), so a quick read does not wait behind a long one
   * when the other worker is free.
   */
  run(sql: string, parameters: readonly unknown[], expectedMs = 1): Promise<PoolResult> {
    if (!this.available) return Promise.reject(Object.assign(new Error('the read pool is not available'), { code: 'LANTERN_READ_WORKER' }));
    let slot: Slot | undefined;
    for (const s of this.slots) if (s.ready && (!slot || s.queuedMs < slot.queuedMs)) slot = s;
    if (!slot) return Promise.reject(Object.assign(new Error('no read worker is ready'), { code: 'LANTERN_READ_WORKER' }));
    const id = this.nextId++;
    const request: ReadRequest = { id, sql, parameters };
    const chosen = slot;
    return new Promise<PoolResult>((resolve, reject) => {
      chosen.pending.set(id, { resolve, reject, expected: expectedMs });
      chosen.queuedMs += expectedMs;
      chosen.inFlight++;
      if (chosen.inFlight === 1) chosen.worker.ref();
      chosen.worker.postMessage(request);
    });
  }

  private start(): void {
    while (this.slots.length < this.size) {
      const worker = new Worker(WORKER_ENTRY, {
        workerData: { file: this.file, driver: this.driverPath },
        // a small heap: a worker holds rows only on their way out
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
      let opened!: () => void;
      const slot: Slot = {
        worker,
        ready: false,
        inFlight: 0,
        queuedMs: 0,
        pending: new Map(),
        opened: new Promise<void>((r) => (opened = r)),
      };
      worker.unref();
      worker.on('message', (reply: ReadReply | 'ready') => {
        if (reply === 'ready') {
          slot.ready = true;
          this.bootFailures = 0;
          opened();
          return;
        }
        const p = slot.pending.get(reply.id);
        if (!p) return;
        slot.pending.delete(reply.id);
        slot.inFlight--;
        slot.queuedMs = slot.inFlight === 0 ? 0 : Math.max(0, slot.queuedMs - p.expected);
        if (slot.inFlight === 0) worker.unref();
        if ('error' in reply) {
          const e = new Error(reply.error.message) as Error & { code?: string };
          if (reply.error.code) e.code = reply.error.code;
          p.reject(e);
        } else {
          if (reply.blobs) toBuffers(reply.rows);
          p.resolve({ rows: reply.rows, ms: reply.ms });
        }
      });
      const fail = (e: Error) => {
        // a worker that died fails its reads (the driver runs them again on the main connection)
        // and leaves the pool; the next read starts another
        this.slots = this.slots.filter((s) => s !== slot);
        if (!slot.ready) this.bootFailures++;
        opened();
        for (const p of slot.pending.values())
          p.reject(Object.assign(new Error(`read worker stopped: ${e.message}`), { code: 'LANTERN_READ_WORKER' }));
        slot.pending.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => {
        if (this.slots.includes(slot)) fail(new Error(`exit code ${code}`));
      });
      this.slots.push(slot);
    }
  }

  /** Stops taking reads, waits for the ones in progress and closes the workers. */
  async pause(): Promise<void> {
    this.paused = true;
    await this.stopWorkers();
  }

  resume(): void {
    this.paused = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopWorkers();
  }

  private async stopWorkers(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    await Promise.all(
      slots.map(async (s) => {
        // each reply settles its promise; the worker answers in order, so 'close' comes after them
        const exited = new Promise<void>((r) => s.worker.once('exit', () => r()));
        s.worker.ref();
        s.worker.postMessage('close');
        await exited;
        for (const p of s.pending.values()) p.reject(Object.assign(new Error('read worker closed'), { code: 'LANTERN_READ_WORKER' }));
      }),
    );
  }
}

/** Structured cloning turns a Buffer into a plain Uint8Array; the code reading BLOBs expects Buffers. */
function toBuffers(rows: Record<string, unknown>[]): void {
  for (const row of rows) {
    for (const k in row) {
      const v = row[k];
      if (v instanceof Uint8Array && !Buffer.isBuffer(v)) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    }
  }
}
