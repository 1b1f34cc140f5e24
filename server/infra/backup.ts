import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { makeConfig } from '../config.js';
import type { DialectHandle } from '../db/dialect/handle.js';
import { createBackupArchive, type Manifest, type OnProgress } from '../modules/backup/backup.archive.js';

/** The folder of a data dir's backups. */
export function backupsDir(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** This build's version as backups record it. */
export const LANTERN_REVISION = makeConfig({ dataDir: '.' }).revision;

/** A backup's file name: lantern-[scheduled-]<UTC time to the second>[-n].tar.gz. */
export const BACKUP_NAME = /^lantern-(scheduled-)?(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z(-\d{1,3})?\.tar\.gz$/;

/** The name of a new backup taken at `now`, not yet used in `dir`. */
export function newBackupName(dir: string, now: Date, scheduled = false): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  const base = `lantern-${scheduled ? 'scheduled-' : ''}${stamp}`;
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`;
    if (!existsSync(join(dir, name))) return name;
  }
  throw new Error('too many backups in the same second');
}

/** Options of backupNow. */
export interface BackupNowOptions {
  now?: Date;
  scheduled?: boolean;
  /** Write here instead of <dataDir>/backups/<new name>. */
  target?: string;
  onProgress?: OnProgress;
}

/**
 * Backs a data dir up into one archive (the database copied online, the uploads, a manifest),
 * by default <dataDir>/backups/lantern-<UTC time>.tar.gz; returns the file and its manifest.
 */
export async function backupNow(
  dialect: DialectHandle,
  dataDir: string,
  opts: BackupNowOptions = {},
): Promise<{ file: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  const dir = backupsDir(dataDir);
  // a backup holds the whole site (password hashes, emails): readable by the server's account only
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = opts.target ?? join(dir, newBackupName(dir, now, opts.scheduled));
  const manifest = await createBackupArchive({
    dataDir,
    target: file,
    copyDatabase: (to, progress) => dialect.backup(to, progress),
    lanternVersion: LANTERN_REVISION,
    now,
    onProgress: opts.onProgress,
  });
  return { file, manifest };
}
