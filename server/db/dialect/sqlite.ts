import Database from 'better-sqlite3';
import { Kysely, SqliteDriver } from 'kysely';
import { statSync } from 'node:fs';
import type { Database as Schema } from '../database.js';
import type { DialectHandle } from './handle.js';
import { RoutedSqliteDialect, RoutedSqliteDriver } from './sqlite-driver.js';
import { createSqliteSearch } from './sqlite-search.js';
import { SqliteReadPool } from './sqlite-read-pool.js';
import { MAIN_AUTOCHECKPOINT_PAGES, WalCheckpointer } from './sqlite-checkpointer.js';

export type { DialectHandle } from './handle.js';

function openRaw(file: string, checkpointed = false): Database.Database {
  // LANTERN_TRACE_SQL=1 prints every statement SQLite runs (for profiling; never on in production)
  const raw = new Database(
    file,
    process.env.LANTERN_TRACE_SQL === '1'
      ? { verbose: (s) => process.stderr.write(`[sql] ${String(s).replace(/\s+/g, ' ').slice(0, 200)}\n`) }
      : {},
  );
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // a checkpointer thread copies the log into the file: this connection's own checkpoint is a safety net
  if (checkpointed) raw.pragma(`wal_autocheckpoint = ${MAIN_AUTOCHECKPOINT_PAGES}`);
  return raw;
}

/**
 * Opens (or creates) a SQLite file with WAL, foreign keys and a busy timeout. With `readWorkers`
 * above 0 (a file, not ':memory:'), reads made outside a transaction run in that many worker
 * threads on read-only connections of their own (see RoutedSqliteDriver).
 */
export function openSqlite(file: string, options: { readWorkers?: number; readWorkerMinMs?: number } = {}): DialectHandle {
  const workers = file === ':memory:' ? 0 : Math.max(0, Math.floor(options.readWorkers ?? 0));
  // where reads run in threads, so do checkpoints (see WalCheckpointer)
  const checkpointer = workers > 0 ? new WalCheckpointer(file) : null;
  let raw = openRaw(file, checkpointer !== null);
  checkpointer?.start();
  const connection = withStatementCache(() => raw);
  const driver = new RoutedSqliteDriver(
    new SqliteDriver({ database: connection }),
    workers > 0 ? new SqliteReadPool(file, workers) : null,
    options.readWorkerMinMs,
  );
  // LANTERN_TRACE_SQL=time prints each query with how long it took (for profiling)
  const timed = process.env.LANTERN_TRACE_SQL === 'time';
  const db = new Kysely<Schema>({
    dialect: new RoutedSqliteDialect(driver),
    ...(timed
      ? {
          log: (e) =>
            void process.stderr.write(
              `[sql ${e.queryDurationMillis.toFixed(2)} ms] ${e.query.sql.replace(/\s+/g, ' ').slice(0, Number(process.env.LANTERN_TRACE_SQL_WIDTH) || 300)}\n`,
            ),
        }
      : {}),
  });
  let closed = false;
  return {
    name: 'sqlite',
    db,
    // a commoner word's list is made during a search only where reads run in worker threads
    search: createSqliteSearch({ readsOffMainThread: () => driver.readsOffMainThread() }),
    async sizeBytes() {
      if (file === ':memory:') return 0;
      let total = 0;
      for (const f of [file, `${file}-wal`]) {
        try {
          total += statSync(f).size;
        } catch {
          /* absent WAL file */
        }
      }
      return total;
    },
    async version() {
      return `SQLite ${(raw.prepare('select sqlite_version() as v').get() as { v: string }).v}`;
    },
    async backup(target: string, progress?: (done: number, total: number) => void) {
      await raw.backup(target, {
        progress: ({ totalPages, remainingPages }) => {
          progress?.(totalPages - remainingPages, totalPages);
          return 100;
        },
      });
    },
    async reopenAfter(swap: () => Promise<void> | void) {
      if (closed) throw new Error('the database is closed');
      // the main connection is held and the read workers are closed: every other query waits
      await driver.exclusive(async () => {
        await checkpointer?.stop();
        raw.close();
        connection.forget();
        try {
          await swap();
        } finally {
          raw = openRaw(file, checkpointer !== null);
          checkpointer?.start();
        }
      });
    },
    inTransaction() {
      return raw.inTransaction;
    },
    readCounts() {
      return { ...driver.counts };
    },
    readersReady() {
      return driver.readersReady();
    },
    async close() {
      if (closed) return;
      closed = true;
      // first, so that the main connection is the last one open and takes the log into the file
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh; SQLite's prepare is a good part of a short query's cost. This
 * keeps the last 500 prepared statements by their SQL text (the text carries no values: they are
 * bound), oldest dropped first. Safe on the one connection: a statement finishes (all/run) before
 * the next query starts.
 */
export function withStatementCache(current: () => Database.Database) {
  const cache = new Map<string, Database.Statement>();
  return {
    close: () => current().close(),
    /** Drops the cached statements (their connection is closing). */
    forget: () => cache.clear(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (stmt) {
        cache.delete(sql);
      } else {
        stmt = current().prepare(sql);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
  };
}

/** Checks that a SQLite file can be created or opened for writing (install's db/check). */
export function canOpenSqlite(file: string): boolean {
  try {
    const raw = new Database(file);
    raw.prepare('select 1').get();
    raw.close();
    return true;
  } catch {
    return false;
  }
}
