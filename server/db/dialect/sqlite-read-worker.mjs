// The entry of a read worker (SqliteReadPool in sqlite-read-pool.ts starts it). Plain JavaScript
// with node built-ins only, so it runs as it is under vitest and tsx, and in the build, which emits
// it beside the bundle (workerEntries in electron.vite.config.ts). The driver comes as a resolved
// path in workerData. It opens the database file read-only, keeps its last prepared statements by
// SQL text, and answers each request in turn; SQLite in WAL mode lets it read while the main
// connection writes, and each statement sees everything committed before it started.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ file: string; driver: string }} */
const { file, driver } = workerData;
const Database = createRequire(import.meta.url)(driver);
const db = new Database(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.postMessage('ready');
/** @type {Map<string, { all(p: readonly unknown[]): Record<string, unknown>[]; reader: boolean }>} */
const cache = new Map();
parentPort.on('message', (m) => {
  if (m === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  const started = performance.now();
  try {
    let stmt = cache.get(m.sql);
    if (stmt) cache.delete(m.sql);
    else {
      stmt = db.prepare(m.sql);
      if (cache.size >= 200) cache.delete(cache.keys().next().value);
    }
    cache.set(m.sql, stmt);
    if (!stmt.reader) {
      // a write that looked like a read (WITH ... INSERT): the main connection runs it
      parentPort.postMessage({ id: m.id, error: { message: 'not a read', code: 'LANTERN_NOT_A_READ' } });
      return;
    }
    const rows = stmt.all(m.parameters);
    // a BLOB arrives as a Uint8Array on the other side: say so, and the main thread makes it a Buffer again
    let blobs = false;
    for (const row of rows) {
      for (const k in row) {
        if (row[k] instanceof Uint8Array) {
          blobs = true;
          break;
        }
      }
      if (blobs) break;
    }
    parentPort.postMessage({ id: m.id, rows, blobs, ms: performance.now() - started });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: { message: String(e?.message ?? e), code: e?.code } });
  }
});
