import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
  SelectQueryNode,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import type { SqliteReadPool } from './sqlite-read-pool.js';

/**
 * A read whose statement ran on average faster than this (ms) stays on the main connection: handing
 * it to a worker (two messages and a copy of the rows) costs the main thread about as much. On the
 * 100k bench site, 0.03 served the answer list and the user page 10-20% faster than 0.2 (which kept
 * most single-row reads on the main thread), and as fast as sending every read.
 */
const INLINE_MS = 0.03;
const TRACE_WORKER = process.env.LANTERN_TRACE_SQL === 'worker';

/** What a statement not yet measured is expected to take (ms). */
const UNKNOWN_MS = 1;
/** Statements whose run time is remembered (oldest forgotten first). */
const COSTS_KEPT = 500;

/** Where a statement can run: a read outside a transaction may go to the pool. */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  // raw statements (the search dialect's) are reads when they start as one; a write among them
  // would fail on the read-only connection and run on the main one
  return query.query.kind === 'RawNode' && /^\s*(select|with)\b/i.test(query.sql);
}

/** An error that means "run it on the main connection instead", not "the query is wrong". */
function isPoolFailure(e: unknown): boolean {
  const code = (e as { code?: unknown }).code;
  return (
    code === 'LANTERN_READ_WORKER' || code === 'LANTERN_NOT_A_READ' || (typeof code === 'string' && code.startsWith('SQLITE_READONLY'))
  );
}

/**
 * kysely's SQLite driver has one connection behind a mutex: every query, read or write, waits for
 * the one before it, and runs on the main thread. This driver keeps that connection (and its
 * mutex) for writes and transactions, and sends reads made outside a transaction to a pool of
 * read-only connections in worker threads (SQLite in WAL mode serves them in parallel with the
 * writer), except reads it has measured as cheaper to run than to send.
 */
export class RoutedSqliteDriver implements Driver {
  private readonly costs = new Map<string, number>();
  /** Reads sent to the pool and run on the main connection (for tests and profiling). */
  readonly counts = { pool: 0, main: 0 };

  /**
   * @param inlineMs reads whose measured average is below this run on the main connection
   *   (sending them costs about as much); several server processes raise it so that only long
   *   reads (searches) leave a main thread that has a core of its own anyway
   */
  constructor(
    readonly main: SqliteDriver,
    readonly pool: SqliteReadPool | null,
    private readonly inlineMs = INLINE_MS,
  ) {}

  init(): Promise<void> {
    return this.main.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    // no lock yet: a transaction takes the main connection in beginTransaction, a lone statement
    // only for the moment it runs
    return Promise.resolve(new RoutedConnection(this));
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    const c = connection as RoutedConnection;
    await c.hold();
    // IMMEDIATE: the write lock is taken at the start, so a transaction that reads and then writes
    // never finds at its first write that another process wrote since its read (SQLITE_BUSY,
    // which the busy timeout cannot wait out); it waits for the lock at BEGIN instead
    await c.held!.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.main.commitTransaction((connection as RoutedConnection).held!);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.main.rollbackTransaction((connection as RoutedConnection).held!);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.main.savepoint((connection as RoutedConnection).held!, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.main.rollbackToSavepoint((connection as RoutedConnection).held!, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.main.releaseSavepoint((connection as RoutedConnection).held!, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutedConnection).release();
  }

  async destroy(): Promise<void> {
    await this.pool?.close();
    await this.main.destroy();
  }

  /**
   * Runs `fn` with the main connection held and the pool stopped (no read in progress anywhere):
   * a restore replaces the database file in between. Reads made meanwhile wait for the main
   * connection; the pool starts again on the next read after.
   */
  /** Resolves once the read workers (if any) have their connections open. */
  /** Whether reads made outside a transaction run in worker threads now (a worker is ready). */
  readsOffMainThread(): boolean {
    return this.pool?.available ?? false;
  }

  async readersReady(): Promise<void> {
    await this.pool?.whenReady();
  }

  async exclusive(fn: () => Promise<void> | void): Promise<void> {
    await this.main.acquireConnection();
    try {
      await this.pool?.pause();
      await fn();
    } finally {
      this.pool?.resume();
      await this.main.releaseConnection();
    }
  }

  /** Runs one statement made outside a transaction. */
  async run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const read = isRead(query);
    if (read && this.pool?.available) {
      const cost = this.costs.get(query.sql);
      if (cost === undefined || cost >= this.inlineMs) {
        try {
          const { rows, ms } = await this.pool.run(query.sql, query.parameters, cost ?? UNKNOWN_MS);
          this.counts.pool++;
          // LANTERN_TRACE_SQL=worker prints each read run in a worker with its time there (not its wait)
          if (TRACE_WORKER) process.stderr.write(`[sql-worker ${ms.toFixed(2)} ms] ${query.sql.replace(/\s+/g, ' ').slice(0, 300)}\n`);
          this.remember(query.sql, ms);
          return { rows: rows as R[] };
        } catch (e) {
          if (!isPoolFailure(e)) throw e;
        }
      }
    }
    return this.onMain<R>(query, read);
  }

  private async onMain<R>(query: CompiledQuery, read: boolean): Promise<QueryResult<R>> {
    const c = await this.main.acquireConnection();
    try {
      if (!read) return await c.executeQuery<R>(query);
      const started = performance.now();
      const result = await c.executeQuery<R>(query);
      this.counts.main++;
      if (this.pool) this.remember(query.sql, performance.now() - started);
      return result;
    } finally {
      await this.main.releaseConnection();
    }
  }

  /** A moving average of the statement's run time (ms). */
  private remember(sql: string, ms: number): void {
    const before = this.costs.get(sql);
    if (before === undefined) {
      if (this.costs.size >= COSTS_KEPT) this.costs.delete(this.costs.keys().next().value!);
      this.costs.set(sql, ms);
    } else this.costs.set(sql, before * 0.8 + ms * 0.2);
  }
}

/** A connection kysely hands out: the main one while a transaction holds it, else a router. */
class RoutedConnection implements DatabaseConnection {
  held: DatabaseConnection | null = null;

  constructor(private readonly driver: RoutedSqliteDriver) {}

  async hold(): Promise<void> {
    if (!this.held) this.held = await this.driver.main.acquireConnection();
  }

  async release(): Promise<void> {
    if (!this.held) return;
    this.held = null;
    await this.driver.main.releaseConnection();
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.held ? this.held.executeQuery<R>(query) : this.driver.run<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const mine = !this.held;
    await this.hold();
    try {
      yield* this.held!.streamQuery<R>(query, chunkSize);
    } finally {
      if (mine) await this.release();
    }
  }
}

/**
 * kysely's SQLite dialect (its compiler, adapter, introspector) over the routed driver, which holds
 * the connections: the dialect's own database setting is never opened.
 */
export class RoutedSqliteDialect extends SqliteDialect {
  constructor(readonly driver: RoutedSqliteDriver) {
    super({ database: () => Promise.reject(new Error('the routed driver opens the database')) });
  }

  override createDriver(): Driver {
    return this.driver;
  }
}
