import pg from 'pg';

// The server's tests run against SQLite, and again against PostgreSQL when LANTERN_TEST_DATABASE_URL
// names a server (npm run test:pg; .ci/run starts one). Each test app then gets a database of its own,
// made from a template database as the SQLite apps copy a template file.

/** The PostgreSQL server the tests use (a connection string to a database the user may create others from), or null: SQLite. */
export function testDatabaseUrl(): string | null {
  const url = process.env.LANTERN_TEST_DATABASE_URL?.trim();
  return url ? url : null;
}

/** The connection string of database `name` on the test server. */
export function databaseUrlFor(name: string): string {
  const url = new URL(testDatabaseUrl()!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl()! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
let made = 0;

/** What every database of this test run is named from (set by the run's global setup, which drops them all at the end). */
export function runPrefix(): string {
  process.env.LANTERN_TEST_DB_PREFIX ??= `lt${process.pid.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return process.env.LANTERN_TEST_DB_PREFIX;
}

/** A new, unique database name of this run. */
export function newDatabaseName(): string {
  made += 1;
  return `${runPrefix()}_${process.pid}_${made}_${Math.random().toString(36).slice(2, 8)}`;
}

/** Creates database `name`, empty or as a copy of `template`; resolves with its connection string. */
export async function createDatabase(name: string, template?: string): Promise<string> {
  // FILE_COPY copies the template's files: for a small database it is several times quicker than
  // WAL_LOG, PostgreSQL 15's default
  await admin((c) => c.query(`create database ${ident(name)}${template ? ` template ${ident(template)} strategy file_copy` : ''}`));
  return databaseUrlFor(name);
}

/** Drops database `name` (closing whatever is still connected to it). */
export async function dropDatabase(name: string): Promise<void> {
  // an autovacuum worker on the database belongs to the superuser, whom a test role may not end:
  // the drop is refused (42501) until the worker is done with it, which takes moments
  for (let attempt = 1; ; attempt++) {
    try {
      await admin((c) => c.query(`drop database if exists ${ident(name)} with (force)`));
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '42501' || attempt >= 20) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Drops every database whose name starts with `prefix` (a run's leftovers). */
export async function dropDatabasesLike(prefix: string): Promise<void> {
  const names = await admin(async (c) => {
    const r = await c.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1)', [prefix]);
    return r.rows.map((row) => row.datname);
  });
  for (const name of names) await dropDatabase(name);
}

// A data dir stands for its site: a test that opens a second app on an app's data dir (a restart, a
// second process) must reach the same PostgreSQL database.
const byDataDir = new Map<string, string>();

/**
 * The database of the site in `dataDir` on a PostgreSQL run (made on first use, empty or from
 * `template`), or null on SQLite, where the site is the data dir's own file.
 */
export async function databaseForDataDir(dataDir: string, template?: string): Promise<string | null> {
  if (!testDatabaseUrl()) return null;
  let name = byDataDir.get(dataDir);
  if (!name) {
    name = newDatabaseName();
    await createDatabase(name, template);
    byDataDir.set(dataDir, name);
  }
  return databaseUrlFor(name);
}

/** Drops the database of `dataDir`'s site, if a PostgreSQL run made one. */
export async function dropDatabaseOfDataDir(dataDir: string): Promise<void> {
  const name = byDataDir.get(dataDir);
  if (!name) return;
  byDataDir.delete(dataDir);
  await dropDatabase(name);
}

/** Whether this test run is the PostgreSQL one: tests of SQLite's own machinery (its file, its plans, its read workers) skip there. */
export const onPostgres = testDatabaseUrl() !== null;

/** One query on a site's PostgreSQL database from outside the app (as after it closed). */
export async function queryDatabase<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
