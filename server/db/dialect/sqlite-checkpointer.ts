import { Worker } from 'node:worker_threads';
import { sqliteDriverPath } from './sqlite-read-pool.js';

/**
 * How often the checkpointer copies the write-ahead log into the database file (ms). A busy write
 * mix adds about 7,500 pages a second to the log, so it stays near the size SQLite's own
 * checkpoints (every 1,000 pages) kept it.
 */
export const CHECKPOINT_EVERY_MS = 100;

/**
 * What the main connection's own automatic checkpoint is raised to (pages) while a checkpointer
 * runs: a safety net only, should the checkpointer fall behind or stop (40 MB of log).
 */
export const MAIN_AUTOCHECKPOINT_PAGES = 10_000;

/** The checkpointer thread's entry: plain JavaScript beside this file, emitted beside the bundle by the build (as the read workers' is). */
const CHECKPOINTER_ENTRY = new URL('./sqlite-checkpointer-worker.mjs', import.meta.url);

/**
 * Copies the write-ahead log into the database file from a thread of its own. SQLite's automatic
 * checkpoint runs in the connection that commits: on the main thread, one commit in about thirty
 * copied a thousand pages and synced the file, 15 ms on average and up to 30 ms, during which no
 * request was served (12% of the main thread in the write mix). With a checkpointer the main
 * connection's own checkpoint is only a safety net (MAIN_AUTOCHECKPOINT_PAGES). `stop()` closes the
 * thread and its connection (a restore replaces the file); `start()` opens them again.
 */
export class WalCheckpointer {
  private worker: Worker | null = null;
  private readonly driverPath = sqliteDriverPath();

  constructor(
    private readonly file: string,
    private readonly everyMs = CHECKPOINT_EVERY_MS,
  ) {}

  /** Whether the thread is running. */
  get running(): boolean {
    return this.worker !== null;
  }

  start(): void {
    if (this.worker) return;
    const worker = new Worker(CHECKPOINTER_ENTRY, {
      workerData: { file: this.file, driver: this.driverPath, everyMs: this.everyMs },
      // it holds nothing: a small heap
      resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 1 },
    });
    // never what keeps the process alive
    worker.unref();
    const gone = () => {
      // a thread that died leaves the log to the main connection's own checkpoint
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    this.worker = worker;
  }

  /** Closes the thread and its connection; resolves once they are gone. */
  async stop(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('close');
    await exited;
  }
}
