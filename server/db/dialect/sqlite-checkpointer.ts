import { Worker } from 'node:worker_threads';
import { sqliteDriverPath, threadSource } from './sqlite-read-pool.js';

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

/**
 * The body of the checkpointer thread (run from its source text, like the read workers: it may use
 * only its arguments). Its own read-write connection runs a passive checkpoint every `everyMs`:
 * one that copies what it can without waiting for, or holding up, the writer or the readers.
 */
function checkpointerMain(threads: typeof import('node:worker_threads'), load: (id: string) => unknown): void {
  const { parentPort, workerData } = threads;
  const { file, driver, everyMs } = workerData as { file: string; driver: string; everyMs: number };
  type Conn = { pragma(s: string): unknown; close(): void };
  const Database = load(driver) as new (f: string, o: { fileMustExist: boolean }) => Conn;
  const db = new Database(file, { fileMustExist: true });
  // a checkpoint syncs the log before and the file after, as the main connection's would
  db.pragma('synchronous = NORMAL');
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // the file is busy (a restore is about to close this thread): the next tick tries again
    }
  }, everyMs);
  parentPort!.on('message', (m: 'close') => {
    if (m !== 'close') return;
    clearInterval(timer);
    db.close();
    parentPort!.close();
  });
}

const CHECKPOINTER_SOURCE = threadSource(checkpointerMain);

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
    const worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
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
