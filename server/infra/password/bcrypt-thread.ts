import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The bcrypt thread's entry: plain JavaScript beside this file, emitted beside the bundle by the build (electron.vite.config.ts). */
const BCRYPT_ENTRY = new URL('./bcrypt-worker.mjs', import.meta.url);

/**
 * Checks old bcrypt hashes (the reference's, and Lantern's before scrypt) in a worker thread of its
 * own: bcryptjs computes in JavaScript, on whichever thread calls it (its async API only slices the
 * work), and ~70 ms a compare on the main thread stalled every request. Started on first use, one
 * compare at a time; `close()` ends it.
 */
export class BcryptThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (ok: boolean) => void; reject: (e: Error) => void }>();

  /** Whether `plain` matches the bcrypt `hash`. */
  compare(plain: string, hash: string): Promise<boolean> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<boolean>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, plain, hash });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(BCRYPT_ENTRY, {
      workerData: { bcrypt: createRequire(import.meta.url).resolve('bcryptjs') },
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    worker.unref();
    worker.on('message', (m: { id: number; ok: boolean }) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) worker.unref();
      p.resolve(m.ok);
    });
    const gone = (e: Error) => {
      // a thread that died fails its compares; the next compare starts another
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`bcrypt thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Ends the thread (compares in progress fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    await worker.terminate();
  }
}
