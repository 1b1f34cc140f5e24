// The entry of the checkpointer thread (WalCheckpointer in sqlite-checkpointer.ts starts it). Plain
// JavaScript with node built-ins only, like the read workers' (sqlite-read-worker.mjs): the build
// emits it beside the bundle (workerEntries in electron.vite.config.ts). Its own read-write
// connection runs a passive checkpoint every `everyMs`: one that copies what it can without waiting
// for, or holding up, the writer or the readers.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ file: string; driver: string; everyMs: number }} */
const { file, driver, everyMs } = workerData;
const Database = createRequire(import.meta.url)(driver);
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
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
