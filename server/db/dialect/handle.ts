import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database as Schema } from '../database.js';
import type { SearchIndexDialect } from './sqlite-search.js';

/** The database engines Lantern runs on. */
export type EngineName = 'sqlite' | 'postgres';

/** What the rest of the server needs from a database engine; each engine's details stay in its own file. */
export interface DialectHandle {
  readonly name: EngineName;
  readonly db: Kysely<Schema>;
  /** The engine's full-text search, with what it keeps between searches (this database's own). */
  readonly search: SearchIndexDialect;
  /** Bytes the site's data takes (SQLite: main file + WAL; PostgreSQL: the database's size). */
  sizeBytes(): Promise<number>;
  /** The engine's version string. */
  version(): Promise<string>;
  /**
   * Writes a consistent copy of the database to `file` while it stays in use (SQLite's backup
   * API, a few pages at a time between requests); `progress` gets the pages copied so far.
   * PostgreSQL sites are backed up with pg_dump: this throws there.
   */
  backup(file: string, progress?: (done: number, total: number) => void): Promise<void>;
  /**
   * Closes the connection, runs `swap` (which may replace the database file on disk) and opens
   * the file again. Holds the one connection throughout: no query runs in between.
   */
  reopenAfter(swap: () => Promise<void> | void): Promise<void>;
  /** Whether a transaction is open on this process's writer (slow work must wait until it ends). */
  inTransaction(): boolean;
  /** Reads run so far in the read workers and on the main connection. */
  readCounts(): { pool: number; main: number };
  /** Starts the read workers if there are any, and resolves when they can take reads (until then reads run on the main connection). */
  readersReady(): Promise<void>;
  close(): Promise<void>;
}

/** The engine a kysely instance (or transaction) talks to: migrations and portable queries branch on it. */
export function engineOf(db: Kysely<any>): EngineName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
