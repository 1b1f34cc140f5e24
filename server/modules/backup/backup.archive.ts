import { createHash } from 'node:crypto';
import { SWAPPED_ENTRIES, writeSwapPhase } from '../../db/restore-journal.js';
import {
  chmodSync,
  copyFileSync,
  createReadStream,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, posix } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { MIGRATIONS } from '../../db/migrations/index.js';
import { syncPath, syncTree, unpackLimit } from './backup.durable.js';

/** tar, loaded by the first backup or restore rather than at the server's start. */
const tar = () => import('tar');

/** What a backup holds besides the database: the uploaded files' folder inside the data dir. */
export const UPLOADS_DIR = 'uploads';
export const DB_ENTRY = 'lantern.db';
export const MANIFEST_ENTRY = 'manifest.json';
export const BACKUP_FORMAT = 'lantern-backup';

/** A long operation's progress: which phase, and how far into it (done of total, in its own units). */
export interface Progress {
  phase: 'database' | 'files' | 'archive' | 'reading' | 'checking' | 'swapping' | 'migrating';
  done: number;
  total: number;
}
export type OnProgress = (p: Progress) => void;

const sha256 = /^[a-f0-9]{64}$/;
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.literal(1),
  lantern_version: z.string().max(100),
  schema_version: z.string().max(200),
  created_at: z.string().max(40),
  counts: z.object({
    questions: z.number().int().min(0),
    answers: z.number().int().min(0),
    users: z.number().int().min(0),
    files: z.number().int().min(0),
  }),
  files: z
    .array(z.object({ path: z.string().min(1).max(1000), size: z.number().int().min(0), sha256: z.string().regex(sha256) }))
    .max(1_000_000),
});
/** The manifest.json at the top of every backup archive. */
export type Manifest = z.infer<typeof manifestSchema>;

/** A refused backup or restore: a message key of server/contract/messages/backup.ts with parameters. */
export class BackupError extends AppError {
  constructor(reason: string, params: Record<string, string | number> = {}) {
    super(400, reason, null, [], params);
    this.name = 'BackupError';
  }
}

function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => h.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(h.digest('hex')));
  });
}

/** Every regular file under `dir`, as posix paths relative to `base`. */
function walk(base: string, rel: string, out: string[] = []): string[] {
  const abs = join(base, rel);
  if (!existsSync(abs)) return out;
  for (const e of readdirSync(abs, { withFileTypes: true })) {
    const child = posix.join(rel, e.name);
    if (e.isDirectory()) walk(base, child, out);
    else if (e.isFile()) out.push(child);
  }
  return out.sort();
}

/** The newest migration applied to a database file ('' when none). */
export function schemaVersionOf(raw: Database.Database): string {
  try {
    const row = raw.prepare('select name from kysely_migration order by name desc limit 1').get() as { name: string } | undefined;
    return row?.name ?? '';
  } catch {
    return '';
  }
}

/** The newest migration this build knows. */
export function currentSchemaVersion(): string {
  return Object.keys(MIGRATIONS).sort().at(-1) ?? '';
}

function count(raw: Database.Database, table: string): number {
  return Number((raw.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n);
}

/** Options of createBackupArchive. */
export interface CreateOptions {
  dataDir: string;
  /** The archive to write (written as <file>.partial, then renamed: a listed archive is always whole). */
  target: string;
  /** Copies the live database to a file (SQLite's backup API). */
  copyDatabase: (file: string, progress: (done: number, total: number) => void) => Promise<void>;
  lanternVersion: string;
  now?: Date;
  onProgress?: OnProgress;
}

// a backup stages and writes for minutes at most: older staging folders and .partial files were left by a kill
const LEFTOVER_AGE_MS = 3600_000;

/**
 * Removes what backups killed part way left in a backups folder: staging folders (a whole copy of
 * the database each) and .partial archives older than an hour. Finished archives are never touched.
 */
export function removeBackupLeftovers(dir: string, now = Date.now()): number {
  if (!existsSync(dir)) return 0;
  let removed = 0;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith('.staging-') && !name.endsWith('.partial')) continue;
    const path = join(dir, name);
    if (now - statSync(path).mtimeMs < LEFTOVER_AGE_MS) continue;
    rmSync(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Writes one backup archive (.tar.gz): manifest.json, lantern.db (copied online) and uploads/.
 * The database is copied first, so everything committed before the call is in it.
 */
export async function createBackupArchive(opts: CreateOptions): Promise<Manifest> {
  const progress = opts.onProgress ?? (() => {});
  mkdirSync(dirname(opts.target), { recursive: true });
  removeBackupLeftovers(dirname(opts.target));
  const stage = mkdtempSync(join(dirname(opts.target), '.staging-'));
  const partial = `${opts.target}.partial`;
  try {
    const dbCopy = join(stage, DB_ENTRY);
    await opts.copyDatabase(dbCopy, (done, total) => progress({ phase: 'database', done, total }));
    const raw = new Database(dbCopy, { readonly: true });
    let counts: Manifest['counts'];
    let schema: string;
    try {
      schema = schemaVersionOf(raw);
      counts = { questions: count(raw, 'question'), answers: count(raw, 'answer'), users: count(raw, 'user'), files: 0 };
    } finally {
      raw.close();
    }
    const uploads = walk(opts.dataDir, UPLOADS_DIR);
    counts.files = uploads.length;
    const files: Manifest['files'] = [{ path: DB_ENTRY, size: statSync(dbCopy).size, sha256: await hashFile(dbCopy) }];
    for (let i = 0; i < uploads.length; i++) {
      const abs = join(opts.dataDir, uploads[i]);
      files.push({ path: uploads[i], size: statSync(abs).size, sha256: await hashFile(abs) });
      progress({ phase: 'files', done: i + 1, total: uploads.length });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: 1,
      lantern_version: opts.lanternVersion,
      schema_version: schema,
      created_at: (opts.now ?? new Date()).toISOString(),
      counts,
      files,
    };
    writeFileSync(join(stage, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2));
    // the uploads join the staging folder as hard links (a copy where links are not possible)
    const total = files.reduce((n, f) => n + f.size, 0);
    for (const rel of uploads) {
      mkdirSync(dirname(join(stage, rel)), { recursive: true });
      try {
        linkSync(join(opts.dataDir, rel), join(stage, rel));
      } catch {
        copyFileSync(join(opts.dataDir, rel), join(stage, rel));
      }
    }
    let written = 0;
    await (
      await tar()
    ).create(
      {
        gzip: true,
        file: partial,
        cwd: stage,
        portable: true,
        onWriteEntry: (e) => {
          written += e.stat?.isFile() ? e.stat.size : 0;
          progress({ phase: 'archive', done: Math.min(written, total), total });
        },
      },
      uploads.length > 0 ? [MANIFEST_ENTRY, DB_ENTRY, UPLOADS_DIR] : [MANIFEST_ENTRY, DB_ENTRY],
    );
    // the archive holds the whole site (password hashes, emails): readable by the server's account only
    chmodSync(partial, 0o600);
    renameSync(partial, opts.target);
    progress({ phase: 'archive', done: total, total });
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
}

/** Whether an archive entry's path is safe to extract: relative, no `..`, no drive letters or backslashes. */
export function isSafeEntryPath(path: string): boolean {
  if (!path || path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path) || path.includes('\0')) return false;
  return !path.split('/').some((seg) => seg === '..');
}

function isExpectedEntry(path: string): boolean {
  const p = path.replace(/\/$/, '');
  return p === MANIFEST_ENTRY || p === DB_ENTRY || p === UPLOADS_DIR || p.startsWith(`${UPLOADS_DIR}/`);
}

function archiveError(err: unknown): BackupError {
  if (err instanceof BackupError) return err;
  const e = err as { code?: string; message?: string };
  const detail = String(e?.message ?? err).slice(0, 200);
  if (e?.code === 'Z_BUF_ERROR' || /unexpected end|truncated/i.test(detail)) return new BackupError('error.backup.truncated', { detail });
  return new BackupError('error.backup.not_an_archive', { detail });
}

/** A checked backup, extracted into `dir` (lantern.db and uploads/), ready to be swapped in. */
export interface CheckedBackup {
  manifest: Manifest;
  dir: string;
  /** The extracted files and folders flushed to the disk (every one of them). */
  synced: string[];
}

/** Limits of a restore's check. */
export interface CheckLimits {
  /** The most the archive may unpack to (default: the free disk space less a margin, see unpackLimit). */
  maxUnpackedBytes?: number;
}

function unpackedTooLarge(max: number): BackupError {
  return new BackupError('error.backup.unpacked_too_large', { max: Math.floor(max / 1024 / 1024) });
}

/**
 * Lists an archive's file entries without writing anything, refusing at the first entry that is
 * unsafe, unexpected, or whose declared size takes the total past `maxUnpacked` (the reading stops
 * there: a gzip bomb is not decompressed to the end).
 */
async function listEntries(file: string, maxUnpacked: number): Promise<string[]> {
  const { list } = await tar();
  return new Promise<string[]>((resolve, reject) => {
    const entries: string[] = [];
    let unpacked = 0;
    let failed = false;
    const input = createReadStream(file);
    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      input.destroy();
      parser.abort(err instanceof Error ? err : new Error(String(err)));
      reject(archiveError(err));
    };
    const parser = list({
      strict: true,
      onReadEntry: (entry) => {
        if (failed) return;
        const path = entry.path;
        if (!isSafeEntryPath(path)) return fail(new BackupError('error.backup.unsafe_entry', { entry: path.slice(0, 200) }));
        if ((entry.type !== 'File' && entry.type !== 'Directory') || !isExpectedEntry(path))
          return fail(new BackupError('error.backup.unexpected_entry', { entry: path.slice(0, 200) }));
        if (entry.type !== 'File') return;
        unpacked += entry.size ?? 0;
        if (unpacked > maxUnpacked) return fail(unpackedTooLarge(maxUnpacked));
        entries.push(path);
      },
    });
    parser.on('error', fail);
    parser.on('end', () => {
      if (!failed) resolve(entries);
    });
    input.on('error', fail);
    input.pipe(parser);
  });
}

/**
 * Checks a backup archive and extracts it into a new folder under `workDir`: only regular files
 * and folders at expected, relative paths, unpacking to no more than the disk can spare; a
 * manifest of the right format; every file present with its size and checksum and nothing else;
 * the database passes PRAGMA integrity_check; its schema is one this build can migrate. The
 * extracted files are flushed to the disk before it returns. Throws a BackupError (the folder
 * removed) otherwise.
 */
export async function checkBackupArchive(
  file: string,
  workDir: string,
  onProgress: OnProgress = () => {},
  limits: CheckLimits = {},
): Promise<CheckedBackup> {
  mkdirSync(workDir, { recursive: true });
  const size = statSync(file).size;
  const maxUnpacked = limits.maxUnpackedBytes ?? unpackLimit(workDir);
  // 1. list the entries before writing anything
  const entries = await listEntries(file, maxUnpacked);
  if (!entries.includes(MANIFEST_ENTRY)) throw new BackupError('error.backup.no_manifest');
  onProgress({ phase: 'reading', done: size, total: size });
  // 2. extract into a fresh folder, again counting what is written (the file could have changed since)
  const dir = mkdtempSync(join(workDir, '.restore-'));
  try {
    let written = 0;
    let over = false;
    const wanted = (p: string, entry: { size?: number } | undefined) => {
      if (!isSafeEntryPath(p) || !isExpectedEntry(p)) return false;
      written += entry?.size ?? 0;
      if (written > maxUnpacked) over = true;
      return !over;
    };
    try {
      await (
        await tar()
      ).extract({ file, cwd: dir, strict: true, preservePaths: false, filter: (p, entry) => wanted(p, entry as { size?: number }) });
    } catch (err) {
      throw archiveError(err);
    }
    if (over) throw unpackedTooLarge(maxUnpacked);
    let manifest: Manifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dir, MANIFEST_ENTRY), 'utf8')));
    } catch {
      throw new BackupError('error.backup.manifest_invalid');
    }
    // 3. every listed file with its checksum, and nothing unlisted
    const listed = new Set(manifest.files.map((f) => f.path));
    if (!listed.has(DB_ENTRY)) throw new BackupError('error.backup.manifest_invalid');
    for (const entry of entries) {
      if (entry !== MANIFEST_ENTRY && !listed.has(entry))
        throw new BackupError('error.backup.unexpected_entry', { entry: entry.slice(0, 200) });
    }
    for (let i = 0; i < manifest.files.length; i++) {
      const f = manifest.files[i];
      if (!isSafeEntryPath(f.path) || !isExpectedEntry(f.path)) throw new BackupError('error.backup.manifest_invalid');
      const abs = join(dir, f.path);
      if (!existsSync(abs)) throw new BackupError('error.backup.missing_entry', { entry: f.path.slice(0, 200) });
      if (statSync(abs).size !== f.size || (await hashFile(abs)) !== f.sha256)
        throw new BackupError('error.backup.checksum_mismatch', { entry: f.path.slice(0, 200) });
      onProgress({ phase: 'checking', done: i + 1, total: manifest.files.length + 1 });
    }
    // 4. the database itself
    checkDatabaseFile(join(dir, DB_ENTRY));
    onProgress({ phase: 'checking', done: manifest.files.length + 1, total: manifest.files.length + 1 });
    rmSync(join(dir, MANIFEST_ENTRY));
    // 5. on the disk before it replaces anything: a power cut after the swap must not leave a database half written
    if (process.platform !== 'win32') chmodSync(join(dir, DB_ENTRY), 0o600);
    const synced = syncTree(dir);
    return { manifest, dir, synced };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/** The result of checking a database file (the CLI's `check`). */
export interface DatabaseCheck {
  integrity: string;
  schemaVersion: string;
  /** Migrations this build would still run on it. */
  pending: number;
}

/** PRAGMA integrity_check and a schema this build knows; throws a BackupError otherwise. */
export function checkDatabaseFile(file: string): DatabaseCheck {
  let raw: Database.Database;
  try {
    raw = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    throw new BackupError('error.backup.integrity_failed', { detail: String((err as Error).message).slice(0, 200) });
  }
  try {
    let integrity: string;
    let applied: string[];
    try {
      const rows = raw.prepare('pragma integrity_check').all() as { integrity_check: string }[];
      integrity = rows.map((r) => r.integrity_check).join('; ');
      applied = (raw.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name);
    } catch (err) {
      throw new BackupError('error.backup.integrity_failed', { detail: String((err as Error).message).slice(0, 200) });
    }
    if (integrity !== 'ok') throw new BackupError('error.backup.integrity_failed', { detail: integrity.slice(0, 200) });
    const unknown = applied.find((name) => !(name in MIGRATIONS));
    if (unknown) throw new BackupError('error.backup.schema_unknown', { schema: unknown });
    return { integrity, schemaVersion: schemaVersionOf(raw), pending: Object.keys(MIGRATIONS).filter((m) => !applied.includes(m)).length };
  } finally {
    raw.close();
  }
}

/**
 * Puts a checked backup's database and uploads in place of the data dir's, each by rename (the
 * staging folder is on the same disk). The old ones are moved aside first and put back when
 * anything fails, then removed. The database must be closed while this runs.
 */
export function swapIntoDataDir(checked: CheckedBackup, dataDir: string, onProgress: OnProgress = () => {}): void {
  const aside = mkdtempSync(join(dataDir, '.replaced-'));
  const moved: string[] = [];
  onProgress({ phase: 'swapping', done: 0, total: 1 });
  try {
    // each phase is journalled before its step, so a start after a kill finishes or undoes the swap
    // (server/db/restore-journal.ts)
    writeSwapPhase(aside, 'aside');
    for (const n of SWAPPED_ENTRIES) {
      if (existsSync(join(dataDir, n))) {
        renameSync(join(dataDir, n), join(aside, n));
        moved.push(n);
      }
    }
    syncPath(aside);
    syncPath(dataDir);
    writeSwapPhase(aside, 'placing');
    renameSync(join(checked.dir, DB_ENTRY), join(dataDir, DB_ENTRY));
    if (existsSync(join(checked.dir, UPLOADS_DIR))) renameSync(join(checked.dir, UPLOADS_DIR), join(dataDir, UPLOADS_DIR));
    // the new names on the disk before the journal says the swap is done
    syncPath(dataDir);
    writeSwapPhase(aside, 'done');
  } catch (err) {
    // put everything back as it was
    for (const n of [DB_ENTRY, UPLOADS_DIR])
      if (moved.includes(n) && existsSync(join(dataDir, n))) rmSync(join(dataDir, n), { recursive: true, force: true });
    for (const n of moved) renameSync(join(aside, n), join(dataDir, n));
    rmSync(aside, { recursive: true, force: true });
    throw err;
  }
  rmSync(aside, { recursive: true, force: true });
  rmSync(checked.dir, { recursive: true, force: true });
  onProgress({ phase: 'swapping', done: 1, total: 1 });
}

/**
 * Restores a backup into a data dir that no server is using (the CLI's `restore`): checks it,
 * then swaps its database and uploads in. The caller opens the database afterwards to migrate it.
 */
export async function restoreIntoDataDir(
  file: string,
  dataDir: string,
  onProgress: OnProgress = () => {},
  limits: CheckLimits = {},
): Promise<Manifest> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const checked = await checkBackupArchive(file, dataDir, onProgress, limits);
  try {
    swapIntoDataDir(checked, dataDir, onProgress);
  } finally {
    rmSync(checked.dir, { recursive: true, force: true });
  }
  return checked.manifest;
}
