import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { ExportKinds } from '../../contract/api/export-schedule.js';
import { BACKUP_NAME, backupNow, newBackupName } from '../../infra/backup.js';
import { BackupError } from '../backup/backup.archive.js';

/** Where each export goes inside the chosen folder. */
export const STEP_PATHS = { archive: 'site', se: 'stackexchange', backup: 'backups' } as const satisfies Record<keyof ExportKinds, string>;

/** How many scheduled backups the folder keeps (the newest; older ones are deleted after a good run). */
export const BACKUPS_KEPT = 7;

/** What one step wrote: its path inside the folder and its figures. */
export interface StepOutcome {
  path: string;
  counts: Record<string, number>;
}

/** One export written into the folder. */
export type ExportStep = (ctx: AppContext, opts: { folder: string; signal: AbortSignal }) => Promise<StepOutcome>;

/** The steps a run can take, by kind (tests pass their own). */
export type ExportRunners = Record<keyof ExportKinds, ExportStep>;

/** The static archive, refreshed in place (pages that did not change are not rewritten). */
const archiveStep: ExportStep = async (ctx, { folder, signal }) => {
  // the exporters load when a run first needs them, not with the server
  const { exportStaticArchive } = await import('./html-export.js');
  const r = await exportStaticArchive(ctx, { outDir: join(folder, STEP_PATHS.archive), signal });
  return { path: STEP_PATHS.archive, counts: { pages_written: r.pagesWritten, pages_unchanged: r.pagesUnchanged, questions: r.questions } };
};

/** The Stack Exchange export (the dump's XML files), rewritten each run. */
const seStep: ExportStep = async (ctx, { folder, signal }) => {
  const outDir = join(folder, STEP_PATHS.se);
  const { exportStackExchange } = await import('./se-export.js');
  const r = await exportStackExchange(ctx, { outDir, signal });
  return { path: STEP_PATHS.se, counts: { files: r.files.length } };
};

/** A backup archive beside the earlier ones; the folder keeps the newest BACKUPS_KEPT. */
const backupStep: ExportStep = async (ctx, { folder }) => {
  if (ctx.config.uploadsDir) throw new BackupError('error.backup.uploads_elsewhere');
  const dir = join(folder, STEP_PATHS.backup);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const now = new Date(ctx.clock.now() * 1000);
  const name = newBackupName(dir, now, true);
  const { file, manifest } = await backupNow(ctx.dialect, ctx.config.dataDir, { now, scheduled: true, target: join(dir, name) });
  const older = readdirSync(dir)
    .filter((n) => BACKUP_NAME.exec(n)?.[1])
    .sort()
    .reverse()
    .slice(BACKUPS_KEPT);
  for (const old of older) rmSync(join(dir, old), { force: true });
  return { path: `${STEP_PATHS.backup}/${name}`, counts: { bytes: statSync(file).size, ...manifest.counts } };
};

/** The real steps. */
export const DEFAULT_RUNNERS: ExportRunners = { archive: archiveStep, se: seStep, backup: backupStep };
