import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { openSqlite, type DialectHandle } from './dialect/sqlite.js';
import { migrationProvider } from './migrations/index.js';
import { recoverInterruptedSwap } from './restore-journal.js';

/** The database file inside a data dir. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'lantern.db');
}

/** Opens the data dir's database and brings its schema up to date (after finishing or undoing a restore a kill interrupted). */
export async function connectDatabase(
  dataDir: string,
  options: { readWorkers?: number; readWorkerMinMs?: number } = {},
): Promise<DialectHandle> {
  mkdirSync(dataDir, { recursive: true });
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
}
