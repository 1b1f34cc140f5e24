import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, PostgresDriver, type DatabaseConnection, type TransactionSettings } from 'kysely';
import type { Database as Schema } from '../database.js';
import type { DialectHandle } from './handle.js';
import { createPgSearch } from './pg-search.js';
import { PortableSchemaPlugin } from './portable-schema.js';

// PostgreSQL: the engine for teams that outgrow one desktop (several server processes, a database the
// IT team already backs up). Everything engine-specific about it is here and in pg-search.ts.

// Every write transaction takes this lock first, so writers run one at a time across all processes, as
// they do on SQLite: the services were written for that (read, decide, write in one transaction).
const WRITE_LOCK = 0x4c616e74; // "Lant"

// bigint (timestamps, counts) and numeric (sums) arrive as strings by default; every value Lantern
// keeps in them is well inside a double's exact range, as it is on SQLite.
const INT8 = 20;
const NUMERIC = 1700;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
};

/** kysely's driver with the cross-process write lock taken at BEGIN, and open transactions counted. */
class LockingPostgresDriver extends PostgresDriver {
  open = 0;

  override async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await super.beginTransaction(connection, settings);
    this.open += 1;
    try {
      await connection.executeQuery(CompiledQuery.raw(`select pg_advisory_xact_lock(${WRITE_LOCK})`));
    } catch (err) {
      this.open -= 1;
      await super.rollbackTransaction(connection);
      throw err;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
    } finally {
      this.open -= 1;
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.open -= 1;
    }
  }
}

/** Options for a PostgreSQL site. */
export interface PostgresOptions {
  /** Connections this process keeps open at most (default 10). */
  poolSize?: number;
}

/** The pool settings for a connection string (also used by the install check and the tests). */
export function poolConfig(url: string, max = 10): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    types,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    // which process a connection belongs to, in pg_stat_activity
    application_name: `lantern ${process.pid}`,
    // a request never waits without end: a lock (the write lock included) held for half a minute, or a
    // transaction left open by a crashed request, ends in an error instead of a hung pool
    lock_timeout: 30_000,
    idle_in_transaction_session_timeout: 60_000,
  };
}

/** Opens a PostgreSQL database through a pool; the schema is brought up to date by the caller (migrate). */
export function openPostgres(url: string, options: PostgresOptions = {}): DialectHandle {
  const pool = new pg.Pool(poolConfig(url, options.poolSize));
  // an idle client's error (the server restarted, a connection was killed) must not end the process
  pool.on('error', () => {});
  let driver: LockingPostgresDriver | undefined;
  const dialect = new (class extends PostgresDialect {
    override createDriver() {
      driver = new LockingPostgresDriver({ pool });
      return driver;
    }
  })({ pool });
  const db = new Kysely<Schema>({ dialect, plugins: [new PortableSchemaPlugin()] });
  let closed = false;
  return {
    name: 'postgres',
    db,
    search: createPgSearch(),
    async sizeBytes() {
      const r = await pool.query<{ n: number }>('select pg_database_size(current_database()) as n');
      return r.rows[0]?.n ?? 0;
    },
    async version() {
      const r = await pool.query<{ v: string }>("select current_setting('server_version') as v");
      return `PostgreSQL ${r.rows[0]?.v ?? ''}`.trim();
    },
    backup() {
      return Promise.reject(new PostgresBackupError());
    },
    reopenAfter() {
      return Promise.reject(new PostgresBackupError());
    },
    inTransaction() {
      return (driver?.open ?? 0) > 0;
    },
    // the pool's connections are the readers: there are no read workers to count or wait for
    readCounts() {
      return { pool: 0, main: 0 };
    },
    readersReady() {
      return Promise.resolve();
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}

/** A PostgreSQL site is backed up and restored with the database's own tools (pg_dump, pg_restore). */
export class PostgresBackupError extends Error {
  constructor() {
    super('a PostgreSQL site is backed up with pg_dump and restored with pg_restore or psql');
  }
}

/** Why a connection string does not open a database, in words an installer can show (null: it opens). */
export async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return describeConnectError(err);
  } finally {
    await client.end().catch(() => {});
  }
}

/** A connection failure as a sentence: which of host, password or database is wrong. */
export function describeConnectError(err: unknown): string {
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'ECONNREFUSED':
      return 'no PostgreSQL server answers at that host and port';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the database host name is not known';
    case 'ETIMEDOUT':
      return 'the database host did not answer in time';
    case '28P01':
    case '28000':
      return 'the database user name or password is wrong';
    case '3D000':
      return 'the database does not exist';
    case '42501':
      return 'the database user may not connect to that database';
    default:
      return `the database could not be opened: ${e.message ?? String(err)}`;
  }
}
