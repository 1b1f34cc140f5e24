import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator, sql } from 'kysely';
import type { DialectHandle } from './dialect/handle.js';
import { openPostgres } from './dialect/postgres.js';
import { openSqlite } from './dialect/sqlite.js';
import { migrationProvider } from './migrations/index.js';
import { recoverInterruptedSwap } from './restore-journal.js';

/** The database file inside a data dir. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'lantern.db');
}

/**
 * Opens the site's database and brings its schema up to date: the PostgreSQL database at
 * `databaseUrl` when there is one, else the data dir's SQLite file (after finishing or undoing a
 * restore a kill interrupted).
 */
export async function connectDatabase(
  dataDir: string,
  options: { readWorkers?: number; readWorkerMinMs?: number; databaseUrl?: string | null } = {},
): Promise<DialectHandle> {
  mkdirSync(dataDir, { recursive: true });
  if (options.databaseUrl) {
    const handle = openPostgres(options.databaseUrl);
    try {
      await migrate(handle);
    } catch (err) {
      await handle.close();
      throw err;
    }
    return handle;
  }
  recoverInterruptedSwap(dataDir);
  const handle = openSqlite(databaseFile(dataDir), options);
  await migrate(handle);
  return handle;
}

/** Runs every pending migration; throws with the failing one's name. */
export async function migrate(handle: DialectHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (handle.name === 'postgres') await syncSequences(handle);
}

/**
 * Moves every PostgreSQL id sequence past its table's highest id. Rows inserted with their ids (the
 * migrations' seeds, a copied SQLite site) leave a sequence behind; SQLite numbers from the highest
 * rowid, so without this the next insert without an id would collide.
 */
export async function syncSequences(handle: DialectHandle): Promise<void> {
  const serials = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and column_default like 'nextval(%'`.execute(handle.db);
  for (const { table_name: table, column_name: column } of serials.rows) {
    await sql`select setval(pg_get_serial_sequence(${`"${table.replace(/"/g, '""')}"`}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(handle.db);
  }
}
