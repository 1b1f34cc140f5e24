import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import { migrate } from '../../db/connect.js';
import { BACKUP_NAME, backupNow, backupsDir } from '../../infra/backup.js';
import { translate } from '../../contract/messages/index.js';
import type { LanguageCode } from '../../contract/languages.js';
import { readConfigValue, upsertConfigValue } from '../config/config.repository.js';
import {
  BackupError,
  checkBackupArchive,
  swapIntoDataDir,
  type CheckLimits,
  type Manifest,
  type OnProgress,
  type Progress,
} from './backup.archive.js';
import type { ScheduleInput } from './backup.schema.js';
import type { BackupItem, BackupJob, BackupSchedule } from '../../contract/api/backup.js';
import { appSlot } from '../../infra/app-state.js';

/** One listed backup. */
export type { BackupItem };

/** The one backup or restore that may run at a time, as the admin page follows it. */
export interface Job {
  id: number;
  kind: 'backup' | 'restore';
  state: 'running' | 'done' | 'failed';
  phase: Progress['phase'] | 'starting';
  done: number;
  total: number;
  /** The backup written or restored. */
  name: string;
  started_at: number;
  finished_at: number;
  error: { reason: string; params: Record<string, string | number> } | null;
  manifest: Manifest | null;
}

interface BackupState {
  job: Job | null;
  /** The last job another server process ran (--processes), as it last told us. */
  mirror: { job: Job; from: number } | null;
  /** When this process last told the others how its job moves (ms). */
  publishedAt: number;
  nextId: number;
  /** While true every request gets the maintenance answer (a restore is swapping the database). */
  maintenance: boolean;
}

const STATE = appSlot<BackupState>('backup.state');

/** The backup state of one app instance (kept beside ctx, never shared between instances). */
export function backupState(ctx: AppContext): BackupState {
  return ctx.state.getOrMake(STATE, () => ({ job: null, mirror: null, publishedAt: 0, nextId: 1, maintenance: false }));
}

/** Whether the site is in maintenance (a restore is swapping the database in). */
export function inMaintenance(ctx: AppContext): boolean {
  return backupState(ctx).maintenance;
}

/** The time a backup was taken, from its name; null for other names. */
export function timeOfName(name: string): number | null {
  const m = BACKUP_NAME.exec(name);
  if (!m) return null;
  const t = Date.parse(`${m[2]}T${m[3]}:${m[4]}:${m[5]}Z`);
  return Number.isFinite(t) ? Math.floor(t / 1000) : null;
}

/** The backups in the data dir's backups folder, newest first (only names Lantern writes). */
export function listBackups(ctx: AppContext): BackupItem[] {
  const dir = backupsDir(ctx.config.dataDir);
  if (!existsSync(dir)) return [];
  const out: BackupItem[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const at = e.isFile() ? timeOfName(e.name) : null;
    if (at === null) continue;
    out.push({ name: e.name, size: statSync(join(dir, e.name)).size, created_at: at, scheduled: e.name.startsWith('lantern-scheduled-') });
  }
  return out.sort((a, b) => b.created_at - a.created_at || b.name.localeCompare(a.name));
}

/** The path of a listed backup; the name must be one Lantern writes (no paths), and exist. */
export function backupFile(ctx: AppContext, name: string): string {
  if (timeOfName(name) === null) throw new BackupError('error.backup.name_invalid');
  const file = join(backupsDir(ctx.config.dataDir), name);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError('error.backup.not_found');
  return file;
}

/** Deletes a listed backup. */
export function deleteBackup(ctx: AppContext, name: string): void {
  rmSync(backupFile(ctx, name));
}

/** How often a running job's progress is passed to the other server processes. */
const PUBLISH_EVERY_MS = 500;

/** The job the admin page follows: this process's, or the newer one another process runs. */
export function currentJob(ctx: AppContext): Job | null {
  const s = backupState(ctx);
  const theirs = s.mirror?.job ?? null;
  if (!s.job || !theirs) return s.job ?? theirs;
  if (theirs.state === 'running') return theirs;
  if (s.job.state === 'running') return s.job;
  return theirs.started_at > s.job.started_at ? theirs : s.job;
}

function publishJob(ctx: AppContext, job: Job, force: boolean): void {
  const s = backupState(ctx);
  if (ctx.peers.size < 2 || (!force && Date.now() - s.publishedAt < PUBLISH_EVERY_MS)) return;
  s.publishedAt = Date.now();
  ctx.peers.publish({ kind: 'backup-job', from: process.pid, job: { ...job } });
}

/**
 * Follows the jobs of the other server processes: a backup one runs is shown, and refuses another,
 * on every process; one whose process stopped is shown as failed.
 */
export function followPeerJobs(ctx: AppContext): void {
  ctx.peers.subscribe((m) => {
    const s = backupState(ctx);
    if (m.kind === 'backup-job') {
      s.mirror = { job: m.job as unknown as Job, from: m.from };
      s.nextId = Math.max(s.nextId, m.job.id + 1);
    } else if (m.kind === 'peer-exit' && s.mirror?.from === m.pid && s.mirror.job.state === 'running') {
      s.mirror.job = {
        ...s.mirror.job,
        state: 'failed',
        finished_at: ctx.clock.now(),
        error: { reason: 'error.backup.process_stopped', params: {} },
      };
    }
  });
}

function startJob(ctx: AppContext, kind: Job['kind']): Job {
  const s = backupState(ctx);
  // PostgreSQL has its own tools for this (pg_dump, pg_restore), which the IT team already runs
  if (ctx.dialect.name === 'postgres') throw new BackupError('error.backup.postgres');
  // a backup holds the data dir's uploads/: uploads kept elsewhere would be left out of it (or, restored, left stale)
  if (ctx.config.uploadsDir) throw new BackupError('error.backup.uploads_elsewhere');
  if (currentJob(ctx)?.state === 'running') throw new BackupError('error.backup.busy');
  // the other processes keep the old database open: a restore needs this process alone
  if (kind === 'restore' && ctx.peers.size > 1) throw new BackupError('error.backup.single_process');
  const job: Job = {
    id: s.nextId++,
    kind,
    state: 'running',
    phase: 'starting',
    done: 0,
    total: 0,
    name: '',
    started_at: ctx.clock.now(),
    finished_at: 0,
    error: null,
    manifest: null,
  };
  s.job = job;
  publishJob(ctx, job, true);
  return job;
}

function progressOf(ctx: AppContext, job: Job) {
  return (p: Progress) => {
    job.phase = p.phase;
    job.done = p.done;
    job.total = p.total;
    publishJob(ctx, job, false);
  };
}

function finish(ctx: AppContext, job: Job, err?: unknown): void {
  job.finished_at = ctx.clock.now();
  try {
    finishState(ctx, job, err);
  } finally {
    publishJob(ctx, job, true);
  }
}

function finishState(ctx: AppContext, job: Job, err?: unknown): void {
  if (err === undefined) {
    job.state = 'done';
    return;
  }
  job.state = 'failed';
  if (err instanceof BackupError) job.error = { reason: err.reason, params: err.params };
  else {
    ctx.logger.error({ err }, `${job.kind} failed`);
    job.error = { reason: 'base.unknown', params: {} };
  }
}

/** The job as the admin page reads it (the error translated). */
export function jobView(job: Job | null, lang: LanguageCode): BackupJob | null {
  if (!job) return null;
  const { error, manifest, ...rest } = job;
  return { ...rest, counts: manifest?.counts ?? null, error: error ? translate(lang, error.reason, error.params) : null };
}

/**
 * Takes a backup now (the admin page, the desktop menu, the schedule); one at a time. Resolves
 * with the finished job; `started` is called once the job is registered, so callers can answer
 * before the backup has finished.
 */
export async function runBackup(ctx: AppContext, opts: { scheduled?: boolean; started?: (job: Job) => void } = {}): Promise<Job> {
  const job = startJob(ctx, 'backup');
  opts.started?.(job);
  try {
    const { file, manifest } = await backupNow(ctx.dialect, ctx.config.dataDir, {
      now: new Date(ctx.clock.now() * 1000),
      scheduled: opts.scheduled,
      onProgress: progressOf(ctx, job),
    });
    job.name = file.slice(backupsDir(ctx.config.dataDir).length + 1);
    job.manifest = manifest;
    finish(ctx, job);
  } catch (err) {
    finish(ctx, job, err);
  }
  return job;
}

/**
 * Restores a backup archive into the running server: checks it first while the site serves on
 * (into a folder inside the data dir, so the swap is a rename), then, with every request but the
 * job's progress answered by the maintenance page, closes the database, swaps the files, reopens
 * and migrates. A refused archive leaves the data as it was and the site up. `cleanup` runs at the end (an uploaded archive is deleted).
 */
export async function runRestore(
  ctx: AppContext,
  archive: string,
  opts: { name: string; started?: (job: Job) => void; cleanup?: () => void; limits?: CheckLimits; onProgress?: OnProgress },
): Promise<Job> {
  let job: Job;
  try {
    job = startJob(ctx, 'restore');
  } catch (err) {
    opts.cleanup?.();
    throw err;
  }
  job.name = opts.name;
  opts.started?.(job);
  const state = backupState(ctx);
  const jobProgress = progressOf(ctx, job);
  const progress: OnProgress = (p) => {
    jobProgress(p);
    opts.onProgress?.(p);
  };
  try {
    // the whole archive is checked while the site serves on: a refused one never takes it down
    const checked = await checkBackupArchive(archive, ctx.config.dataDir, progress, opts.limits);
    job.manifest = checked.manifest;
    // the site shows the maintenance page from here until the restore has finished
    state.maintenance = true;
    try {
      await ctx.dialect.reopenAfter(() => swapIntoDataDir(checked, ctx.config.dataDir, progress));
      progress({ phase: 'migrating', done: 0, total: 1 });
      await migrate(ctx.dialect);
      ctx.settings.invalidate();
      ctx.cache.invalidate();
      progress({ phase: 'migrating', done: 1, total: 1 });
    } finally {
      rmSync(checked.dir, { recursive: true, force: true });
    }
    ctx.logger.info({ name: opts.name, counts: checked.manifest.counts }, 'backup restored');
    finish(ctx, job);
  } catch (err) {
    finish(ctx, job, err);
  } finally {
    state.maintenance = false;
    opts.cleanup?.();
  }
  return job;
}

/** The backup schedule: daily at `hour` (local time), keeping the last `keep` scheduled backups. */
export type Schedule = BackupSchedule;

const SCHEDULE_KEY = 'lantern.backup.schedule';

/** The stored schedule; by default on in the desktop app (daily at 03:00, keep 7) and off for a headless server. */
export async function getSchedule(ctx: AppContext): Promise<Schedule> {
  const defaults: Schedule = { enabled: ctx.host.managed, hour: 3, keep: 7 };
  try {
    const stored = JSON.parse(await readConfigValue(ctx.db, SCHEDULE_KEY, '{}')) as Partial<Schedule>;
    return {
      enabled: typeof stored.enabled === 'boolean' ? stored.enabled : defaults.enabled,
      hour: Number.isInteger(stored.hour) && stored.hour! >= 0 && stored.hour! <= 23 ? stored.hour! : defaults.hour,
      keep: Number.isInteger(stored.keep) && stored.keep! >= 1 && stored.keep! <= 365 ? stored.keep! : defaults.keep,
    };
  } catch {
    return defaults;
  }
}

/** Saves the schedule. */
export async function saveSchedule(ctx: AppContext, input: ScheduleInput): Promise<Schedule> {
  const value = JSON.stringify({ enabled: input.enabled, hour: input.hour, keep: input.keep });
  await upsertConfigValue(ctx.db, SCHEDULE_KEY, value);
  return getSchedule(ctx);
}

/** The most recent daily slot (local `hour`:00) at or before `now` (unix seconds). */
export function lastSlot(now: number, hour: number): number {
  const d = new Date(now * 1000);
  const slot = new Date(d.getFullYear(), d.getMonth(), d.getDate(), hour, 0, 0, 0);
  if (slot.getTime() > d.getTime()) slot.setDate(slot.getDate() - 1);
  return Math.floor(slot.getTime() / 1000);
}

/**
 * One look at the schedule (every minute in a running server; tests call it with a moved clock):
 * when the last slot has no scheduled backup yet, takes one and deletes the scheduled backups
 * beyond the newest `keep`. Returns the job when it ran one.
 */
export async function scheduleTick(ctx: AppContext): Promise<Job | null> {
  const s = await getSchedule(ctx);
  if (!s.enabled || ctx.dialect.name === 'postgres' || ctx.config.uploadsDir || currentJob(ctx)?.state === 'running' || inMaintenance(ctx))
    return null;
  const slot = lastSlot(ctx.clock.now(), s.hour);
  const scheduled = listBackups(ctx).filter((b) => b.scheduled);
  if (scheduled.some((b) => b.created_at >= slot)) return null;
  const job = await runBackup(ctx, { scheduled: true });
  if (job.state === 'done') {
    for (const old of listBackups(ctx)
      .filter((b) => b.scheduled)
      .slice(s.keep))
      deleteBackup(ctx, old.name);
  }
  return job;
}

/** A backup for the desktop menu: resolves with the archive's path, rejects with a readable message. */
export async function backupForShell(ctx: AppContext): Promise<string> {
  const job = await runBackup(ctx).catch((err: unknown) => {
    throw new Error(err instanceof BackupError ? translate('en_US', err.reason, err.params) : String(err));
  });
  if (job.state !== 'done') throw new Error(job.error ? translate('en_US', job.error.reason, job.error.params) : 'backup failed');
  return join(backupsDir(ctx.config.dataDir), job.name);
}
