import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
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

/** What in a data dir only its owner may read: the database (with its WAL and shared memory), the installer's config. */
const PRIVATE_FILES = ['lantern.db', 'lantern.db-wal', 'lantern.db-shm', 'config.json'] as const;
/** Folders whose files hold the whole site or mail with sign-in links: a backup's archives, the outbox. */
const PRIVATE_DIRS = ['backups', 'outbox'] as const;

function chmodIfOwn(path: string, mode: number): void {
  try {
    const st = statSync(path);
    if ((st.mode & 0o777) !== mode && (typeof process.getuid !== 'function' || st.uid === process.getuid())) chmodSync(path, mode);
  } catch {
    // gone meanwhile, or a file system without modes: nothing to tighten
  }
}

/**
 * Makes a data dir private to the account running the server (POSIX): the folder 0700, the
 * database, its WAL and shared-memory files and config.json 0600, backups/ and outbox/ 0700 with
 * their files 0600. Creates the folder (0700) when missing; tightens what an older build left
 * readable by other accounts. Uploads stay as they are (the site serves them to everyone anyway).
 */
export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (process.platform === 'win32') return;
  chmodIfOwn(dataDir, 0o700);
  for (const f of PRIVATE_FILES) chmodIfOwn(join(dataDir, f), 0o600);
  for (const d of PRIVATE_DIRS) {
    const dir = join(dataDir, d);
    if (!existsSync(dir)) continue;
    chmodIfOwn(dir, 0o700);
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isFile()) chmodIfOwn(join(dir, e.name), 0o600);
  }
}

/**
 * Creates an empty database file readable by its owner only, before SQLite opens it: SQLite
 * creates a missing file 0644 (less the umask) and gives its -wal and -shm files the database's mode.
 */
function createPrivateFile(file: string): void {
  if (existsSync(file)) return chmodIfOwn(file, 0o600);
  try {
    closeSync(openSync(file, 'a', 0o600));
  } catch {
    // SQLite reports why the file cannot be made
  }
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
  makeDataDirPrivate(dataDir);
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
  createPrivateFile(databaseFile(dataDir));
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
