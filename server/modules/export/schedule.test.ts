import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { manualTimers } from '../../infra/jobs/manual-timers.js';
import { EXPORT_CHECK_MS, exportScheduleTick } from './schedule.js';
import { getLastRun, nextRunAt, nextScheduledRun, saveExportSchedule, startExportRun, type StoredSchedule } from './schedule.service.js';
import { DEFAULT_RUNNERS, type ExportRunners, type ExportStep } from './schedule.steps.js';

const ADMIN = '/answer/admin/api';
let app: TestApp;
const dirs: string[] = [];

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lantern-export-schedule-'));
  dirs.push(d);
  return d;
}

/** Unix seconds of a local date and time. */
const local = (y: number, mo: number, d: number, h: number, mi = 0) => Math.floor(new Date(y, mo - 1, d, h, mi).getTime() / 1000);

/** Moves the app's clock (the job reads no other). */
function setNow(t: number): void {
  app.lantern.ctx.clock.now = () => t;
}

/** A step that writes one file into its folder (the real archive and SE exports are their own modules' tests). */
const fileStep =
  (name: string): ExportStep =>
  async (_ctx, { folder }) => {
    mkdirSync(join(folder, name), { recursive: true });
    writeFileSync(join(folder, name, 'index.html'), 'page');
    return { path: name, counts: { pages_written: 1 } };
  };
const RUNNERS: ExportRunners = { archive: fileStep('site'), se: fileStep('stackexchange'), backup: DEFAULT_RUNNERS.backup };

beforeEach(async () => {
  app = await startTestApp();
});
afterEach(async () => {
  await app?.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('nextRunAt', () => {
  it('is the same day when the time has not come yet', () => {
    expect(nextRunAt(local(2026, 11, 29, 2, 0), '03:30')).toBe(local(2026, 11, 29, 3, 30));
  });
  it('is the next day at the time itself and after it', () => {
    expect(nextRunAt(local(2026, 11, 29, 3, 30), '03:30')).toBe(local(2026, 11, 30, 3, 30));
    expect(nextRunAt(local(2026, 11, 29, 23, 59), '00:00')).toBe(local(2026, 11, 30, 0, 0));
  });
  it('crosses a month and a year end', () => {
    expect(nextRunAt(local(2026, 12, 31, 22, 0), '03:00')).toBe(local(2027, 1, 1, 3, 0));
  });
});

describe('nextScheduledRun', () => {
  const schedule: StoredSchedule = {
    enabled: true,
    folder: '/x',
    time: '03:00',
    kinds: { archive: true, backup: false, se: false },
    saved_at: local(2026, 11, 29, 12, 0),
  };
  it('counts from the saving when nothing ran since', () => {
    expect(nextScheduledRun(schedule, null)).toBe(local(2026, 11, 30, 3, 0));
  });
  it('counts from the last run when that is later', () => {
    const last = { started_at: local(2026, 11, 30, 3, 0) } as Parameters<typeof nextScheduledRun>[1];
    expect(nextScheduledRun(schedule, last)).toBe(local(2026, 12, 1, 3, 0));
  });
  it('is null when the schedule is off or has no folder', () => {
    expect(nextScheduledRun({ ...schedule, enabled: false }, null)).toBeNull();
    expect(nextScheduledRun({ ...schedule, folder: '' }, null)).toBeNull();
  });
});

describe('the scheduled job', () => {
  // both write a backup, which Lantern makes of SQLite sites only (README, backups): on PostgreSQL that step is refused
  it.skipIf(onPostgres)('runs once its time has come, writes into the folder and records the run', async () => {
    const folder = join(tempDir(), 'nightly');
    setNow(local(2026, 11, 29, 1, 0));
    await saveExportSchedule(app.lantern.ctx, { enabled: true, folder, time: '03:00', kinds: { archive: true, backup: true, se: false } });
    expect(existsSync(folder)).toBe(true);

    setNow(local(2026, 11, 29, 2, 59));
    expect(await exportScheduleTick(app.lantern.ctx, RUNNERS)).toBeNull();

    setNow(local(2026, 11, 29, 3, 0));
    const started = await exportScheduleTick(app.lantern.ctx, RUNNERS);
    const run = await started!.done;
    expect(run).toMatchObject({ ok: true, trigger: 'schedule', started_at: local(2026, 11, 29, 3, 0), folder, error: null });
    expect(run.steps.map((s) => [s.kind, s.ok])).toEqual([
      ['archive', true],
      ['backup', true],
    ]);
    expect(readdirSync(join(folder, 'site'))).toEqual(['index.html']);
    const backups = readdirSync(join(folder, 'backups'));
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatch(/^lantern-scheduled-.*\.tar\.gz$/);
    expect(run.steps[1].path).toBe(`backups/${backups[0]}`);
    expect(run.steps[1].counts.bytes).toBeGreaterThan(0);
    expect(await getLastRun(app.lantern.ctx)).toEqual(run);

    // the same slot does not run twice; the next is tomorrow's
    setNow(local(2026, 11, 29, 3, 5));
    expect(await exportScheduleTick(app.lantern.ctx, RUNNERS)).toBeNull();
    setNow(local(2026, 11, 30, 3, 0));
    expect(await exportScheduleTick(app.lantern.ctx, RUNNERS)).not.toBeNull();
  });

  it('writes the real static archive and Stack Exchange export into their folders', async () => {
    const folder = tempDir();
    await saveExportSchedule(app.lantern.ctx, { enabled: false, folder, time: '02:00', kinds: { archive: true, backup: false, se: true } });
    const run = await (await startExportRun(app.lantern.ctx, 'manual')).done;
    expect(run.error).toBeNull();
    expect(run.steps.map((s) => [s.kind, s.ok, s.path])).toEqual([
      ['archive', true, 'site'],
      ['se', true, 'stackexchange'],
    ]);
    expect(run.steps[0].counts.pages_written).toBeGreaterThan(0);
    expect(existsSync(join(folder, 'site', 'index.html'))).toBe(true);
    expect(readdirSync(join(folder, 'stackexchange'))).toContain('Posts.xml');
    expect(run.steps[1].counts.files).toBeGreaterThan(0);
  });

  it('records a failure when the folder can no longer be written', async () => {
    const parent = tempDir();
    const folder = join(parent, 'gone');
    setNow(local(2026, 11, 29, 1, 0));
    await saveExportSchedule(app.lantern.ctx, { enabled: true, folder, time: '02:00', kinds: { archive: true, backup: false, se: false } });
    rmSync(folder, { recursive: true });
    writeFileSync(folder, 'a file where the folder was');

    setNow(local(2026, 11, 29, 2, 0));
    const run = await (await exportScheduleTick(app.lantern.ctx, RUNNERS))!.done;
    expect(run.ok).toBe(false);
    expect(run.error?.reason).toBe('error.export.folder_not_writable');
    expect(run.steps).toEqual([]);

    const token = await adminToken(app);
    const overview = (await app.call('GET', `${ADMIN}/exports/schedule`, { token })).body.data;
    expect(overview.last_run.ok).toBe(false);
    expect(overview.last_run.error).toMatch(/^Lantern cannot write into this folder \(E[A-Z]+\)\.$/);
    expect(overview.next_run_at).toBe(local(2026, 11, 30, 2, 0));
  });

  it('records a failing step and still runs the others', async () => {
    const folder = tempDir();
    const failing: ExportRunners = {
      ...RUNNERS,
      archive: async () => {
        throw new Error('disk full');
      },
    };
    await saveExportSchedule(app.lantern.ctx, { enabled: false, folder, time: '02:00', kinds: { archive: true, backup: false, se: true } });
    const run = await (await startExportRun(app.lantern.ctx, 'manual', failing)).done;
    expect(run.ok).toBe(false);
    expect(run.steps.map((s) => [s.kind, s.ok])).toEqual([
      ['archive', false],
      ['se', true],
    ]);
    expect(run.error).toEqual({ reason: 'error.export.failed', params: { detail: 'disk full' } });
    expect(readdirSync(join(folder, 'stackexchange'))).toEqual(['index.html']);
  });

  it('runs one at a time', async () => {
    const folder = tempDir();
    await saveExportSchedule(app.lantern.ctx, {
      enabled: false,
      folder,
      time: '02:00',
      kinds: { archive: true, backup: false, se: false },
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: ExportRunners = { ...RUNNERS, archive: async () => (await held, { path: 'site', counts: {} }) };
    const first = await startExportRun(app.lantern.ctx, 'manual', slow);
    await expect(startExportRun(app.lantern.ctx, 'manual', slow)).rejects.toMatchObject({ reason: 'error.export.busy' });
    const token = await adminToken(app);
    const busy = await app.call('POST', `${ADMIN}/exports/run`, { token });
    expect([busy.status, busy.body.reason]).toEqual([400, 'error.export.busy']);
    release();
    expect((await first.done).ok).toBe(true);
  });

  it("keeps each app's run apart: a second app in the process starts its own while the first one's goes on", async () => {
    const other = await startTestApp();
    try {
      const kinds = { archive: true, backup: false, se: false };
      await saveExportSchedule(app.lantern.ctx, { enabled: false, folder: tempDir(), time: '02:00', kinds });
      await saveExportSchedule(other.lantern.ctx, { enabled: false, folder: tempDir(), time: '02:00', kinds });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const slow: ExportRunners = { ...RUNNERS, archive: async () => (await held, { path: 'site', counts: {} }) };
      const first = await startExportRun(app.lantern.ctx, 'manual', slow);
      const second = await startExportRun(other.lantern.ctx, 'manual', RUNNERS);
      expect((await second.done).ok).toBe(true);
      await expect(startExportRun(app.lantern.ctx, 'manual', slow)).rejects.toMatchObject({ reason: 'error.export.busy' });
      release();
      expect((await first.done).ok).toBe(true);
    } finally {
      await other.stop();
    }
  });

  it('looks at the schedule on its registry timer until the app stops', async () => {
    await app.stop();
    const timers = manualTimers();
    app = await startTestApp({ config: { backgroundJobs: true }, deps: { timers } });
    const folder = tempDir();
    setNow(local(2026, 11, 29, 1, 0));
    await saveExportSchedule(app.lantern.ctx, { enabled: true, folder, time: '01:30', kinds: { archive: true, backup: false, se: false } });
    expect(app.lantern.ctx.jobs.running()).toContain('export.schedule');
    await timers.advance(EXPORT_CHECK_MS);
    expect(await getLastRun(app.lantern.ctx)).toBeNull();
    setNow(local(2026, 11, 29, 1, 30));
    await timers.advance(EXPORT_CHECK_MS);
    await vi.waitFor(async () => expect((await getLastRun(app.lantern.ctx))?.ok).toBe(true), { timeout: 20_000 });
    expect(readdirSync(join(folder, 'site'))).toContain('index.html');
    await app.lantern.ctx.jobs.stop();
    expect(app.lantern.ctx.jobs.running()).not.toContain('export.schedule');
  });
});

describe('admin exports/schedule', () => {
  it('is for admins only', async () => {
    const user = await makeUser(app);
    expect((await app.call('GET', `${ADMIN}/exports/schedule`)).status).toBe(401);
    expect((await app.call('GET', `${ADMIN}/exports/schedule`, { token: user.token })).status).toBe(403);
    expect((await app.call('PUT', `${ADMIN}/exports/schedule`, { token: user.token, body: {} })).status).toBe(403);
    expect((await app.call('POST', `${ADMIN}/exports/run`, { token: user.token })).status).toBe(403);
  });

  it('starts off, with no folder and no run', async () => {
    const res = await app.call('GET', `${ADMIN}/exports/schedule`, { token: await adminToken(app) });
    expect(res.body.data).toEqual({
      schedule: { enabled: false, folder: '', time: '03:30', kinds: { archive: true, backup: false, se: false } },
      running: false,
      next_run_at: null,
      last_run: null,
    });
  });

  const valid = () => ({ enabled: true, folder: join(tempDir(), 'out'), time: '04:15', kinds: { archive: true, backup: false, se: true } });
  const fieldsOf = (body: { data: { error_field: string }[] }) => body.data.map((f) => f.error_field);

  it('saves the settings and says when the next run is', async () => {
    const token = await adminToken(app);
    setNow(local(2026, 11, 29, 12, 0));
    const input = valid();
    const res = await app.call('PUT', `${ADMIN}/exports/schedule`, { token, body: input });
    expect(res.status).toBe(200);
    expect(res.body.data.schedule).toEqual(input);
    expect(res.body.data.next_run_at).toBe(local(2026, 11, 30, 4, 15));
    expect(existsSync(input.folder)).toBe(true);
    expect((await app.call('GET', `${ADMIN}/exports/schedule`, { token })).body.data.schedule).toEqual(input);
  });

  it.each([
    ['a relative folder', { folder: 'exports/here' }, 'folder', 'error.export.folder_not_absolute'],
    ['no folder while on', { folder: '' }, 'folder', null],
    ['a time out of range', { time: '24:00' }, 'time', null],
    ['a time without minutes', { time: '4' }, 'time', null],
    ['nothing to write', { kinds: { archive: false, backup: false, se: false } }, 'kinds', null],
    ['an unknown kind', { kinds: { archive: true, backup: false, se: false, pdf: true } }, 'kinds', null],
    ['an unknown field', { extra: 1 }, 'body', null],
  ])('refuses %s', async (_name, change, field, reason) => {
    const res = await app.call('PUT', `${ADMIN}/exports/schedule`, { token: await adminToken(app), body: { ...valid(), ...change } });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual([field]);
    if (reason) expect(res.body.data[0].error_msg).toMatch(/absolute path/);
  });

  it('refuses a folder that cannot be made, naming the field', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'x');
    const res = await app.call('PUT', `${ADMIN}/exports/schedule`, {
      token: await adminToken(app),
      body: { ...valid(), folder: join(file, 'inside') },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('error.export.folder_not_writable');
    expect(fieldsOf(res.body)).toEqual(['folder']);
  });

  it('refuses to run before a folder is chosen', async () => {
    const res = await app.call('POST', `${ADMIN}/exports/run`, { token: await adminToken(app) });
    expect([res.status, res.body.reason]).toEqual([400, 'error.export.no_folder']);
  });

  it.skipIf(onPostgres)('runs now off the request and shows the run when it is done', async () => {
    const token = await adminToken(app);
    const input = { ...valid(), enabled: false, kinds: { archive: false, backup: true, se: false } };
    await app.call('PUT', `${ADMIN}/exports/schedule`, { token, body: input });
    const res = await app.call('POST', `${ADMIN}/exports/run`, { token });
    expect(res.status).toBe(200);
    let last: { ok: boolean; trigger: string; steps: { kind: string; path: string }[] } | null = null;
    await vi.waitFor(
      async () => {
        const o = (await app.call('GET', `${ADMIN}/exports/schedule`, { token })).body.data;
        expect(o.running).toBe(false);
        expect(o.last_run).not.toBeNull();
        last = o.last_run;
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(last).toMatchObject({ ok: true, trigger: 'manual', steps: [{ kind: 'backup' }] });
    expect(readdirSync(join(input.folder, 'backups'))).toEqual([last!.steps[0].path.slice('backups/'.length)]);
  });
});
