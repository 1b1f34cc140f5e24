import { accessSync, constants, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { ExportKinds, ExportRun, ExportSchedule, ExportScheduleOverview } from '../../contract/api/export-schedule.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { AppError, badRequest, fieldError } from '../../http/errors.js';
import { appSlot } from '../../infra/app-state.js';
import { readConfigValue, upsertConfigValue } from '../config/config.repository.js';
import { currentJob, inMaintenance } from '../backup/backup.service.js';
import { DEFAULT_RUNNERS, type ExportRunners, type StepOutcome } from './schedule.steps.js';
import { TIME_OF_DAY, type ExportScheduleInput } from './schedule.schema.js';

const SCHEDULE_KEY = 'lantern.export.schedule';
const LAST_RUN_KEY = 'lantern.export.last_run';

/** A failure as stored: a message key and its parameters, translated when shown. */
interface StoredError {
  reason: string;
  params: Record<string, string | number>;
}

/** The schedule as stored: the settings and when they were saved (a run is due from then on). */
export interface StoredSchedule extends ExportSchedule {
  /** Unix seconds. */
  saved_at: number;
}

/** The last run as stored (errors untranslated). */
export interface StoredRun extends Omit<ExportRun, 'error' | 'steps'> {
  error: StoredError | null;
  steps: (Omit<ExportRun['steps'][number], 'error'> & { error: StoredError | null })[];
}

const KIND_ORDER: (keyof ExportKinds)[] = ['archive', 'se', 'backup'];
const DEFAULTS: StoredSchedule = {
  enabled: false,
  folder: '',
  time: '03:30',
  kinds: { archive: true, backup: false, se: false },
  saved_at: 0,
};

/** The stored schedule (off, no folder, 03:30, the static archive only, when nothing was saved). */
export async function getExportSchedule(ctx: AppContext): Promise<StoredSchedule> {
  let stored: Partial<StoredSchedule> = {};
  try {
    stored = JSON.parse(await readConfigValue(ctx.db, SCHEDULE_KEY, '{}')) as Partial<StoredSchedule>;
  } catch {
    return DEFAULTS;
  }
  const k = (stored.kinds ?? {}) as Partial<ExportKinds>;
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : DEFAULTS.enabled,
    folder: typeof stored.folder === 'string' ? stored.folder : DEFAULTS.folder,
    time: typeof stored.time === 'string' && TIME_OF_DAY.test(stored.time) ? stored.time : DEFAULTS.time,
    kinds: {
      archive: typeof k.archive === 'boolean' ? k.archive : DEFAULTS.kinds.archive,
      backup: typeof k.backup === 'boolean' ? k.backup : DEFAULTS.kinds.backup,
      se: typeof k.se === 'boolean' ? k.se : DEFAULTS.kinds.se,
    },
    saved_at: Number.isInteger(stored.saved_at) ? stored.saved_at! : 0,
  };
}

/**
 * Makes the folder when it is missing and checks that a file can be written in it; throws
 * error.export.folder_not_writable (on the field `folder`) with the system's reason.
 */
export function ensureWritableFolder(folder: string): void {
  try {
    mkdirSync(folder, { recursive: true });
    if (!statSync(folder).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    accessSync(folder, constants.W_OK);
    // access() says yes to root everywhere: a real write answers for every account and file system
    const probe = join(folder, `.lantern-write-check-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw fieldError('error.export.folder_not_writable', 'folder', { detail: code ?? (err as Error).message });
  }
}

/** Saves the schedule after checking the folder (made when missing); the next run is counted from now. */
export async function saveExportSchedule(ctx: AppContext, input: ExportScheduleInput): Promise<StoredSchedule> {
  if (input.folder) ensureWritableFolder(input.folder);
  const value: StoredSchedule = { ...input, saved_at: ctx.clock.now() };
  await upsertConfigValue(ctx.db, SCHEDULE_KEY, JSON.stringify(value));
  return getExportSchedule(ctx);
}

/** The last run as stored, or null before the first. */
export async function getLastRun(ctx: AppContext): Promise<StoredRun | null> {
  try {
    const run = JSON.parse(await readConfigValue(ctx.db, LAST_RUN_KEY, 'null')) as StoredRun | null;
    return run && typeof run.started_at === 'number' && Array.isArray(run.steps) ? run : null;
  } catch {
    return null;
  }
}

/** The first local `time` ("HH:MM") strictly after `after` (Unix seconds). */
export function nextRunAt(after: number, time: string): number {
  const [h, m] = time.split(':').map(Number);
  const d = new Date(after * 1000);
  const at = new Date(d.getFullYear(), d.getMonth(), d.getDate(), h, m, 0, 0);
  if (at.getTime() <= after * 1000) at.setDate(at.getDate() + 1);
  return Math.floor(at.getTime() / 1000);
}

/**
 * When the schedule runs next: the first slot after the later of its saving and the last run's
 * start (a slot missed while the server was off is due at once); null when it is off.
 */
export function nextScheduledRun(schedule: StoredSchedule, lastRun: StoredRun | null): number | null {
  if (!schedule.enabled || !schedule.folder) return null;
  return nextRunAt(Math.max(schedule.saved_at, lastRun?.started_at ?? 0), schedule.time);
}

interface RunState {
  running: Promise<StoredRun> | null;
  abort: AbortController | null;
  closeHooked: boolean;
}
/** The app's run going on, held by its context (two apps in one process each have their own). */
const RUN = appSlot<RunState>('export.schedule-run');

function runState(ctx: AppContext): RunState {
  return ctx.state.getOrMake(RUN, () => ({ running: null, abort: null, closeHooked: false }));
}

/** Whether a run is going on in this process. */
export function isExportRunning(ctx: AppContext): boolean {
  return runState(ctx).running !== null;
}

/** Ends the run going on, if any (its step is told to stop), and waits for it to be recorded. */
export async function stopExportRun(ctx: AppContext): Promise<void> {
  const s = runState(ctx);
  s.abort?.abort();
  await s.running?.catch(() => undefined);
}

function storedError(err: unknown): StoredError {
  if (err instanceof AppError) return { reason: err.reason, params: err.params };
  const e = err as NodeJS.ErrnoException;
  if (e?.name === 'AbortError') return { reason: 'error.export.stopped', params: {} };
  return { reason: 'error.export.failed', params: { detail: e?.message ?? String(err) } };
}

async function runSteps(
  ctx: AppContext,
  schedule: StoredSchedule,
  trigger: ExportRun['trigger'],
  runners: ExportRunners,
  signal: AbortSignal,
) {
  const startedMs = Date.now();
  const run: StoredRun = {
    started_at: ctx.clock.now(),
    finished_at: 0,
    duration_ms: 0,
    trigger,
    ok: true,
    error: null,
    folder: schedule.folder,
    steps: [],
  };
  try {
    ensureWritableFolder(schedule.folder);
    for (const kind of KIND_ORDER.filter((k) => schedule.kinds[k])) {
      signal.throwIfAborted();
      try {
        const outcome: StepOutcome = await runners[kind](ctx, { folder: schedule.folder, signal });
        run.steps.push({ kind, ok: true, path: outcome.path, counts: outcome.counts, error: null });
      } catch (err) {
        run.steps.push({ kind, ok: false, path: '', counts: {}, error: storedError(err) });
      }
    }
  } catch (err) {
    run.error = storedError(err);
  }
  run.error ??= run.steps.find((s) => s.error)?.error ?? null;
  run.ok = run.error === null;
  run.finished_at = ctx.clock.now();
  run.duration_ms = Date.now() - startedMs;
  await upsertConfigValue(ctx.db, LAST_RUN_KEY, JSON.stringify(run));
  if (run.ok) ctx.logger.info({ folder: run.folder, steps: run.steps.length, ms: run.duration_ms }, 'scheduled exports written');
  else ctx.logger.warn({ folder: run.folder, error: run.error }, 'scheduled exports failed');
  return run;
}

/**
 * Starts a run of the chosen exports into the folder, one run at a time (error.export.busy while
 * one goes on, or while a backup or restore runs). Resolves with the recorded run; callers on a
 * request answer without waiting for it.
 */
export async function startExportRun(
  ctx: AppContext,
  trigger: ExportRun['trigger'],
  runners: ExportRunners = DEFAULT_RUNNERS,
): Promise<{ done: Promise<StoredRun> }> {
  const s = runState(ctx);
  if (s.running || currentJob(ctx)?.state === 'running' || inMaintenance(ctx)) throw badRequest('error.export.busy');
  const schedule = await getExportSchedule(ctx);
  if (!schedule.folder) throw badRequest('error.export.no_folder');
  if (s.running) throw badRequest('error.export.busy');
  if (!s.closeHooked) {
    s.closeHooked = true;
    ctx.beforeClose.push(() => stopExportRun(ctx));
  }
  const abort = new AbortController();
  const done = runSteps(ctx, schedule, trigger, runners, abort.signal).finally(() => {
    s.running = null;
    s.abort = null;
  });
  s.running = done;
  s.abort = abort;
  return { done };
}

/** The run as the admin page reads it (errors translated). */
export function runView(run: StoredRun | null, lang: LanguageCode): ExportRun | null {
  if (!run) return null;
  const tr = (e: StoredError | null) => (e ? translate(lang, e.reason, e.params) : null);
  return { ...run, error: tr(run.error), steps: run.steps.map((step) => ({ ...step, error: tr(step.error) })) };
}

/** GET admin exports/schedule: the settings, whether a run goes on, the next and the last run. */
export async function exportOverview(ctx: AppContext, lang: LanguageCode): Promise<ExportScheduleOverview> {
  const [stored, last] = await Promise.all([getExportSchedule(ctx), getLastRun(ctx)]);
  const { saved_at: _saved, ...schedule } = stored;
  return { schedule, running: isExportRunning(ctx), next_run_at: nextScheduledRun(stored, last), last_run: runView(last, lang) };
}

/** The names in a folder (none when it is missing). */
export function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
