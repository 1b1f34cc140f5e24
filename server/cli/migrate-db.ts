import Database from 'better-sqlite3';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createApp, type LanternApp } from '../app.js';
import { makeConfig } from '../config.js';
import { connectDatabase, databaseFile, syncSequences } from '../db/connect.js';
import { checkPostgres } from '../db/dialect/postgres.js';
import { openSqlite } from '../db/dialect/sqlite.js';
import { ProgressBar, type CliIo } from './progress.js';

// `lantern migrate-db --to postgres://...`: copies a SQLite site into an empty PostgreSQL database,
// every row of every table with its ids, then proves the copy by counting rows on both sides and by
// asking both sites the same read requests. This is engine-level plumbing, like server/db: it
// walks both catalogs and copies whatever tables the migrations made, so it talks to the two drivers
// directly rather than through the repositories' typed queries.

/** A refusal or failure the CLI reports in one line (program.ts turns it into its exit code 1). */
export class MigrateDbFailure extends Error {}

/** What migrate-db did, for the summary and the tests. */
export interface MigrateDbReport {
  tables: { name: string; sqlite: number; postgres: number }[];
  /** Rows of the PostgreSQL search index after the copy (its triggers fill it). */
  searchIndexRows: number;
  /** The API requests asked of both sites. */
  requests: number;
  /** Each difference found: request, JSON path, SQLite value, PostgreSQL value. */
  mismatches: string[];
  seconds: number;
}

// Tables the copy leaves alone. On both engines the migration ledger belongs to each database (the
// target is migrated by connectDatabase), and PostgreSQL's search_index is derived: the triggers on
// question and answer fill it as their rows arrive. SQLite's search index is an FTS5 virtual table
// whose shadow tables are found from the catalog (see sourceTables).
const LEDGER = ['kysely_migration', 'kysely_migration_lock'];
const DERIVED_ON_POSTGRES = ['search_index'];
// SQLite's stored search lists are made from its FTS5 index (refreshTermLists); PostgreSQL ranks
// with its own index and has no such table. Nor has it the list totals SQLite's triggers keep
// (question_total): it counts.
const SQLITE_ONLY = ['search_term_list', 'question_total'];

/** Rows per INSERT; fewer for wide tables, so a statement stays under PostgreSQL's 65,535 parameters. */
const BATCH_ROWS = 500;
const MAX_PARAMS = 65_535;

/** How many questions, users and answers the API comparison samples (evenly over their ids). */
const SAMPLE_QUESTIONS = 20;
const SAMPLE_USERS = 10;
const SAMPLE_ANSWERS = 10;
const SAMPLE_TAGS = 5;
/** Differences listed at most (the count says how many there were). */
const MISMATCHES_SHOWN = 40;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The connection string with its password hidden, for messages. */
export function maskedUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(the connection string)';
  }
}

/** A snapshot of the source: a consistent copy of lantern.db, brought to this build's schema. */
interface Workspace {
  root: string;
  snapshotDir: string;
}

/**
 * Copies the SQLite site of `dataDir` into the empty PostgreSQL database at `url` and verifies the
 * copy. Throws MigrateDbFailure with a one-line reason when it refuses or a check fails.
 */
export async function migrateDb(dataDir: string, url: string, io: CliIo): Promise<MigrateDbReport> {
  const started = performance.now();
  const source = databaseFile(dataDir);
  if (!existsSync(source)) throw new MigrateDbFailure(`There is no Lantern database in ${dataDir} (no ${source}).`);
  const shown = maskedUrl(url);
  const unreachable = await checkPostgres(url);
  if (unreachable) throw new MigrateDbFailure(`Cannot open ${shown}: ${unreachable}.`);

  // The snapshot lives in the data dir rather than the system's temp folder: it is as large as the
  // site's database, and /tmp is often a small RAM disk.
  const root = mkdtempSync(join(dataDir, '.migrate-db-'));
  const work: Workspace = { root, snapshotDir: join(root, 'snapshot') };
  const target = new pg.Client({ connectionString: url });
  target.on('error', () => {});
  let connected = false;
  try {
    // what the migrations alone put in a new database (config, badges): a target holding just these is empty
    const seeds = await seedCounts(join(root, 'seeds'));
    await target.connect();
    connected = true;
    await refuseUnlessEmpty(target, seeds, shown, 'before');
    io.err(`Migrating ${shown}…\n`);
    const handle = await connectDatabase(dataDir, { databaseUrl: url }).catch((err: unknown) => {
      throw new MigrateDbFailure(`Cannot migrate ${shown}: ${err instanceof Error ? err.message : String(err)}.`);
    });
    try {
      await refuseUnlessEmpty(target, seeds, shown, 'after');
      io.err(`Taking a snapshot of ${source}…\n`);
      await snapshot(source, work.snapshotDir);
      const sqlite = new Database(databaseFile(work.snapshotDir), { readonly: true, fileMustExist: true });
      try {
        const tables = await copyTables(sqlite, target, io);
        // ids were inserted as they were: move each sequence past its table's highest id
        await syncSequences(handle);
        const counted = await countBoth(sqlite, target, tables);
        const searchIndexRows = await countRows(target, 'search_index');
        const wrong = counted.filter((t) => t.sqlite !== t.postgres);
        const report: MigrateDbReport = { tables: counted, searchIndexRows, requests: 0, mismatches: [], seconds: 0 };
        if (wrong.length) {
          io.out(countTable(counted));
          throw new MigrateDbFailure(
            `The row counts differ in ${wrong.map((t) => `${t.name} (${t.sqlite} in SQLite, ${t.postgres} in PostgreSQL)`).join(', ')}.`,
          );
        }
        io.err('Comparing API answers of both sites…\n');
        const compared = await compareApis(sqlite, target, work, url);
        report.requests = compared.requests;
        report.mismatches = compared.mismatches;
        report.seconds = (performance.now() - started) / 1000;
        return report;
      } finally {
        sqlite.close();
      }
    } finally {
      await handle.close();
    }
  } finally {
    if (connected) await target.end().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  }
}

/** The rows each table holds in a newly migrated database (a scratch SQLite file in `dir`). */
async function seedCounts(dir: string): Promise<Map<string, number>> {
  const handle = await connectDatabase(dir);
  await handle.close();
  const db = new Database(databaseFile(dir), { readonly: true });
  try {
    const counts = new Map<string, number>();
    for (const t of sourceTables(db)) counts.set(t, countSqlite(db, t));
    return counts;
  } finally {
    db.close();
  }
}

/**
 * Refuses a target that is not empty: one holding tables that are not Lantern's (never migrate into
 * another application's database), or Lantern tables with rows beyond what the migrations write.
 */
async function refuseUnlessEmpty(target: pg.Client, seeds: Map<string, number>, shown: string, when: 'before' | 'after') {
  const tables = await postgresTables(target);
  if (tables.length === 0) return;
  if (when === 'before' && !tables.includes(LEDGER[0])) {
    const names = tables.slice(0, 5).join(', ') + (tables.length > 5 ? ', …' : '');
    throw new MigrateDbFailure(
      `${shown} is not empty: it holds ${tables.length} table(s) that are not Lantern's (${names}); migrate-db copies into an empty database only.`,
    );
  }
  const extra: string[] = [];
  // the tables that say most about what is there are named first
  const telling = ['user', 'question', 'answer'];
  for (const t of [...telling.filter((x) => tables.includes(x)), ...tables.filter((x) => !telling.includes(x))]) {
    if (LEDGER.includes(t) || DERIVED_ON_POSTGRES.includes(t)) continue;
    const n = await countRows(target, t);
    if (n > (seeds.get(t) ?? 0)) extra.push(`${t}: ${n} ${n === 1 ? 'row' : 'rows'}`);
  }
  if (extra.length) {
    throw new MigrateDbFailure(
      `${shown} already holds Lantern data (${extra.slice(0, 5).join(', ')}${extra.length > 5 ? ', …' : ''}); migrate-db copies into an empty database only.`,
    );
  }
}

/**
 * A consistent copy of the site's database in `dir`, at this build's schema. SQLite's backup API
 * reads it page by page as one point in time, so a server still running on the data dir is no
 * obstacle (what it writes afterwards is not copied); migrating the copy makes its tables match the
 * target's, which connectDatabase brought to the same version.
 */
async function snapshot(source: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const dialect = openSqlite(source);
  try {
    await dialect.backup(databaseFile(dir));
  } finally {
    await dialect.close();
  }
  const migrated = await connectDatabase(dir);
  await migrated.close();
}

/** The data tables of a SQLite database: not its own, not the ledger, not virtual tables or their shadow tables. */
function sourceTables(db: Database.Database): string[] {
  const rows = db.prepare("select name, sql from sqlite_master where type = 'table' order by name").all() as {
    name: string;
    sql: string;
  }[];
  const virtual = rows.filter((r) => /^create\s+virtual\s+table/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((n) => !n.startsWith('sqlite_') && !LEDGER.includes(n) && !SQLITE_ONLY.includes(n))
    .filter((n) => !virtual.some((v) => n === v || n.startsWith(`${v}_`)));
}

function countSqlite(db: Database.Database, table: string): number {
  return Number((db.prepare(`select count(*) as n from ${ident(table)}`).get() as { n: number | bigint }).n);
}

async function countRows(client: pg.Client, table: string): Promise<number> {
  const r = await client.query<{ n: string }>(`select count(*) as n from ${ident(table)}`);
  return Number(r.rows[0].n);
}

/** The base tables of the target's schema. */
async function postgresTables(client: pg.Client): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return r.rows.map((row) => row.name);
}

async function postgresColumns(client: pg.Client, table: string): Promise<string[]> {
  const r = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = current_schema() and table_name = $1 order by ordinal_position`,
    [table],
  );
  return r.rows.map((row) => row.name);
}

/** The tables in an order where each comes after the tables its foreign keys point at. */
async function foreignKeyOrder(client: pg.Client, tables: string[]): Promise<string[]> {
  const r = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  // a table referring to itself would need its rows ordered; the schema has none, so only other tables count
  for (const { child, parent } of r.rows)
    if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)!.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.find((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (!next) throw new MigrateDbFailure(`The foreign keys between ${tables.filter((t) => !placed.has(t)).join(', ')} form a cycle.`);
    order.push(next);
    placed.add(next);
  }
  return order;
}

/** A SQLite value as PostgreSQL takes it: 64-bit integers as their exact digits, NUL-free text. */
function toParam(value: unknown, table: string, column: string, key: () => string): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && value.includes('\u0000')) {
    throw new MigrateDbFailure(
      `${table} row ${key()} holds a NUL character in ${column}, which PostgreSQL cannot store; nothing was copied (correct that row, then run migrate-db again).`,
    );
  }
  return value;
}

/**
 * Copies every table in one transaction: a failure (a NUL character, a value PostgreSQL refuses)
 * leaves the target as migrated and empty, so migrate-db can simply run again. The rows the
 * migrations seeded in the target are replaced by the source's own (its config and badges as the
 * site changed them).
 */
async function copyTables(sqlite: Database.Database, target: pg.Client, io: CliIo): Promise<string[]> {
  const tables = sourceTables(sqlite);
  const onTarget = (await postgresTables(target)).filter((t) => !LEDGER.includes(t) && !DERIVED_ON_POSTGRES.includes(t));
  const missing = tables.filter((t) => !onTarget.includes(t));
  const unknown = onTarget.filter((t) => !tables.includes(t));
  if (missing.length || unknown.length) {
    throw new MigrateDbFailure(
      `The two schemas differ: ${[...missing.map((t) => `${t} only in SQLite`), ...unknown.map((t) => `${t} only in PostgreSQL`)].join(', ')}.`,
    );
  }
  const order = await foreignKeyOrder(target, tables);
  const bar = new ProgressBar(io);
  await target.query('begin');
  try {
    for (const t of [...order].reverse()) await target.query(`delete from ${ident(t)}`);
    for (const table of order) await copyTable(sqlite, target, table, bar);
    bar.done();
    await target.query('commit');
  } catch (err) {
    bar.done();
    await target.query('rollback').catch(() => {});
    if (err instanceof MigrateDbFailure) throw err;
    throw new MigrateDbFailure(`Copying failed, nothing was copied: ${err instanceof Error ? err.message : String(err)}.`);
  }
  return order;
}

async function copyTable(sqlite: Database.Database, target: pg.Client, table: string, bar: ProgressBar): Promise<void> {
  const total = countSqlite(sqlite, table);
  const label = `Copying ${table}`;
  bar.update(label, 0, total);
  const read = sqlite.prepare(`select * from ${ident(table)}`).safeIntegers(true);
  const columns = read.columns().map((c) => c.name);
  const targetColumns = await postgresColumns(target, table);
  const absent = columns.filter((c) => !targetColumns.includes(c));
  const extra = targetColumns.filter((c) => !columns.includes(c));
  if (absent.length || extra.length) {
    throw new MigrateDbFailure(
      `The columns of ${table} differ: ${[...absent.map((c) => `${c} only in SQLite`), ...extra.map((c) => `${c} only in PostgreSQL`)].join(', ')}.`,
    );
  }
  const keyColumns = (
    sqlite.prepare(`select name from pragma_table_info(?) where pk > 0 order by pk`).all(table) as { name: string }[]
  ).map((r) => r.name);
  const perBatch = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMS / columns.length)));
  const head = `insert into ${ident(table)} (${columns.map(ident).join(', ')}) values `;
  let batch: unknown[][] = [];
  let done = 0;
  const flush = async () => {
    if (!batch.length) return;
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const marks = row.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await target.query(head + tuples.join(', '), params).catch((err: unknown) => {
      throw new MigrateDbFailure(`Copying ${table} failed, nothing was copied: ${err instanceof Error ? err.message : String(err)}.`);
    });
    done += batch.length;
    batch = [];
    bar.update(label, done, total);
  };
  for (const row of read.iterate() as Iterable<Record<string, unknown>>) {
    const key = () => (keyColumns.length ? keyColumns.map((k) => `${k}=${String(row[k])}`).join(', ') : '(without a key)');
    batch.push(columns.map((c) => toParam(row[c], table, c, key)));
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  bar.update(label, Math.max(total, 1), Math.max(total, 1));
}

async function countBoth(sqlite: Database.Database, target: pg.Client, tables: string[]) {
  const out: MigrateDbReport['tables'] = [];
  for (const name of [...tables].sort()) out.push({ name, sqlite: countSqlite(sqlite, name), postgres: await countRows(target, name) });
  return out;
}

/** The per-table row counts as printed: name, SQLite rows, PostgreSQL rows. */
export function countTable(tables: MigrateDbReport['tables']): string {
  const width = Math.max(5, ...tables.map((t) => t.name.length));
  const line = (a: string, b: string, c: string) => `  ${a.padEnd(width)}  ${b.padStart(10)}  ${c.padStart(10)}\n`;
  return line('table', 'sqlite', 'postgres') + tables.map((t) => line(t.name, String(t.sqlite), String(t.postgres))).join('');
}

/** `n` values spread evenly over `all` (all of them when there are no more than `n`). */
function evenly<T>(all: T[], n: number): T[] {
  if (all.length <= n) return all;
  return Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)]);
}

/** The read requests both sites are asked: lists, and the details of a sample of posts, tags and users. */
function sampleRequests(sqlite: Database.Database): string[] {
  const column = <T>(query: string) => (sqlite.prepare(query).pluck().all() as T[]).map(String);
  const questions = evenly(column<string>('select id from question order by id'), SAMPLE_QUESTIONS);
  const answers = evenly(column<string>('select id from answer order by id'), SAMPLE_ANSWERS);
  const users = evenly(column<string>('select username from "user" order by id'), SAMPLE_USERS);
  const tags = evenly(column<string>('select slug_name from tag order by id'), SAMPLE_TAGS);
  const q = encodeURIComponent;
  const paths = ['/siteinfo', '/user/ranking'];
  for (const order of ['newest', 'active', 'score', 'unanswered', 'hot', 'frequent'])
    paths.push(`/question/page?order=${order}&page=1&page_size=20`);
  for (const cond of ['popular', 'name', 'newest']) paths.push(`/tags/page?page=1&page_size=20&query_cond=${cond}`);
  for (const tag of tags) paths.push(`/question/page?order=newest&page=1&page_size=20&tag=${q(tag)}`);
  for (const id of questions) {
    paths.push(`/question/info?id=${q(id)}`);
    paths.push(`/answer/page?question_id=${q(id)}&order=default&page=1&page_size=20`);
    paths.push(`/comment/page?object_id=${q(id)}&page=1&page_size=20`);
  }
  for (const id of answers) paths.push(`/comment/page?object_id=${q(id)}&page=1&page_size=20`);
  for (const name of users) {
    paths.push(`/personal/user/info?username=${q(name)}`);
    paths.push(`/personal/question/page?username=${q(name)}&order=newest&page=1&page_size=20`);
    paths.push(`/personal/answer/page?username=${q(name)}&order=newest&page=1&page_size=20`);
  }
  return paths.map((p) => `/answer/api/v1${p}`);
}

/** Where two JSON values differ, as `path: sqlite value ≠ postgres value` lines. */
export function jsonDifferences(a: unknown, b: unknown, path = '', out: string[] = []): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path || '.'}: ${a.length} items ≠ ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) jsonDifferences(a[i], b[i], `${path}[${i}]`, out);
  } else if (isObject(a) && isObject(b) && !Array.isArray(a) && !Array.isArray(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) jsonDifferences(a[k], b[k], path ? `${path}.${k}` : k, out);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    out.push(`${path || '.'}: ${JSON.stringify(a) ?? 'absent'} ≠ ${JSON.stringify(b) ?? 'absent'}`);
  }
  return out;
}

/**
 * An answer as compared. The weekly ranking orders users by a total it does not show and breaks no
 * ties, so users with equal totals come in whatever order the engine's grouping leaves them, and
 * SQLite and PostgreSQL leave them differently: its lists are compared as sets (the vote list still
 * in order of its visible vote counts). Every other answer is compared exactly.
 */
export function comparable(path: string, body: unknown): unknown {
  if (!path.startsWith('/user/ranking') || typeof body !== 'object' || body === null) return body;
  const data = (body as { data?: Record<string, unknown> }).data;
  if (!data) return body;
  type Ranked = { username?: string; vote_count?: number };
  const byName = (a: Ranked, b: Ranked) => String(a.username).localeCompare(String(b.username));
  const sorted = (list: unknown, order: (a: Ranked, b: Ranked) => number) =>
    Array.isArray(list) ? [...(list as Ranked[])].sort(order) : list;
  return {
    ...body,
    data: {
      ...data,
      users_with_the_most_reputation: sorted(data.users_with_the_most_reputation, byName),
      users_with_the_most_vote: sorted(data.users_with_the_most_vote, (a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || byName(a, b)),
    },
  };
}

async function ask(base: string, path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(base + path, { redirect: 'manual' });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/**
 * Starts a site on the snapshot and one on the target, in this process, and compares their answers
 * to the same anonymous read requests. GET question/info counts a view (as the reference does): both
 * sites count it alike, and the target's counts are put back afterwards, so the copy keeps the
 * source's numbers.
 */
async function compareApis(sqlite: Database.Database, target: pg.Client, work: Workspace, url: string) {
  const paths = sampleRequests(sqlite);
  const viewed = paths.flatMap((p) => (p.includes('/question/info?id=') ? [decodeURIComponent(p.split('id=')[1])] : []));
  const views = viewed.length
    ? (await target.query<{ id: string; view_count: string }>('select id, view_count from question where id = any($1)', [viewed])).rows
    : [];
  const apps: LanternApp[] = [];
  const mismatches: string[] = [];
  try {
    const fromSqlite = await createApp(makeConfig({ dataDir: work.snapshotDir, logLevel: 'silent', databaseUrl: null }));
    apps.push(fromSqlite);
    const fromPostgres = await createApp(makeConfig({ dataDir: join(work.root, 'postgres-site'), logLevel: 'silent', databaseUrl: url }));
    apps.push(fromPostgres);
    const [a, b] = [await fromSqlite.listen(0, '127.0.0.1'), await fromPostgres.listen(0, '127.0.0.1')];
    for (const path of paths) {
      const left = await ask(a.url, path);
      const right = await ask(b.url, path);
      const where = path.replace('/answer/api/v1', '');
      if (left.status !== right.status) mismatches.push(`${where}: HTTP ${left.status} ≠ ${right.status}`);
      for (const d of jsonDifferences(comparable(where, left.body), comparable(where, right.body))) mismatches.push(`${where} ${d}`);
    }
  } finally {
    for (const app of apps) await app.close();
    for (const { id, view_count } of views) await target.query('update question set view_count = $1 where id = $2', [view_count, id]);
  }
  return { requests: paths.length, mismatches };
}

/** What the CLI prints on stdout when migrate-db is done. */
export function migrateDbSummary(dataDir: string, url: string, r: MigrateDbReport): string {
  const rows = r.tables.reduce((n, t) => n + t.postgres, 0);
  const lines = [
    `Copied ${databaseFile(dataDir)} into ${maskedUrl(url)}: ${rows} rows in ${r.tables.length} tables, ids kept.`,
    countTable(r.tables).trimEnd(),
    `  search index (PostgreSQL): ${r.searchIndexRows} posts`,
  ];
  if (r.mismatches.length) {
    lines.push(`${r.mismatches.length} difference(s) in the answers to ${r.requests} API requests (SQLite ≠ PostgreSQL):`);
    lines.push(...r.mismatches.slice(0, MISMATCHES_SHOWN).map((m) => `  ${m}`));
    if (r.mismatches.length > MISMATCHES_SHOWN) lines.push(`  … and ${r.mismatches.length - MISMATCHES_SHOWN} more`);
  } else {
    lines.push(`The answers to ${r.requests} API requests are the same on both sites.`);
    lines.push(
      `Done in ${r.seconds.toFixed(1)} s. Serve the site from PostgreSQL with --database-url (or LANTERN_DATABASE_URL) and this data dir, which keeps the uploads.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
