import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create as tarCreate, extract as tarExtract } from 'tar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { connectDatabase } from '../../db/connect.js';
import { backupNow, backupsDir } from '../../infra/backup.js';
import type { Clock } from '../../infra/clock.js';
import { BackupError, checkBackupArchive, isSafeEntryPath, removeBackupLeftovers, restoreIntoDataDir } from './backup.archive.js';
import { backupState, lastSlot, listBackups, scheduleTick } from './backup.service.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';

const ADMIN = '/answer/admin/api';
let app: TestApp;
const dirs: string[] = [];
afterEach(async () => {
  await app?.stop();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lantern-backup-test-'));
  dirs.push(d);
  return d;
}

async function writeMeta(a: TestApp, key: string, value = 'x'): Promise<void> {
  await a.lantern.ctx.db.insertInto('meta').values({ object_id: '1', key, value, created_at: 0, updated_at: 0 }).execute();
}

async function metaKeys(a: TestApp): Promise<string[]> {
  return (await a.lantern.ctx.db.selectFrom('meta').select('key').orderBy('id').execute()).map((r) => r.key);
}

function putUpload(dataDir: string, rel: string, bytes: string): void {
  mkdirSync(join(dataDir, 'uploads', rel, '..'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', rel), bytes);
}

/** Waits for the running job to end and returns it (the admin page polls the same endpoint). */
async function finishedJob(a: TestApp, token: string) {
  let job: { state: string; error: string | null; name: string; phase: string } | null = null;
  await vi.waitFor(
    async () => {
      job = (await a.call('GET', `${ADMIN}/backups/job`, { token })).body.data;
      expect(job?.state).not.toBe('running');
    },
    { timeout: 20_000, interval: 20 },
  );
  return job!;
}

function fileHash(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

// backups of the SQLite file; a PostgreSQL site is backed up with pg_dump (the refusal is tested below)
describe.skipIf(onPostgres)('backup archives', () => {
  it('backs up during a write load; the restored data dir has every write acknowledged before the backup began, and the uploads', async () => {
    app = await startTestApp();
    putUpload(app.dataDir, 'post/aaaaaaaaaaaaaaaaaaaaaaaa.png', 'picture bytes');
    // enough data that SQLite's backup copies it in several steps, with writes in between
    const big = 'y'.repeat(4000);
    for (let i = 0; i < 300; i++) await writeMeta(app, `pad${i}`, big);
    const acknowledged: string[] = [];
    let stop = false;
    const writer = (async () => {
      for (let i = 0; !stop; i++) {
        await writeMeta(app, `w${i}`, big);
        acknowledged.push(`w${i}`);
        // one write per turn of the event loop, as requests arrive
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await vi.waitFor(() => expect(acknowledged.length).toBeGreaterThan(20), { timeout: 10_000, interval: 5 });
    const beforeBackup = [...acknowledged];
    const { file, manifest } = await backupNow(app.lantern.ctx.dialect, app.dataDir);
    const duringBackup = acknowledged.length - beforeBackup.length;
    stop = true;
    await writer;
    expect(duringBackup).toBeGreaterThan(0);
    expect(manifest).toMatchObject({ format: 'lantern-backup', format_version: 1, counts: { files: 1, users: 1 } });
    expect(manifest.files.map((f) => f.path)).toEqual(['lantern.db', 'uploads/post/aaaaaaaaaaaaaaaaaaaaaaaa.png']);

    const target = tempDir();
    const restored = await restoreIntoDataDir(file, target);
    expect(restored.created_at).toBe(manifest.created_at);
    const handle = await connectDatabase(target);
    const keys = new Set((await handle.db.selectFrom('meta').select('key').execute()).map((r) => r.key));
    await handle.close();
    for (const k of beforeBackup) expect(keys.has(k)).toBe(true);
    expect(readFileSync(join(target, 'uploads/post/aaaaaaaaaaaaaaaaaaaaaaaa.png'), 'utf8')).toBe('picture bytes');
    expect(readdirSync(target).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses damaged, truncated, foreign and unsafe archives with a clear message', async () => {
    app = await startTestApp();
    const { file } = await backupNow(app.lantern.ctx.dialect, app.dataDir);
    const work = tempDir();
    const refusal = async (archive: string) => {
      const err = await checkBackupArchive(archive, work).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(BackupError);
      expect(readdirSync(work)).toEqual([]);
      return (err as BackupError).reason;
    };
    const truncated = join(work, '..', `${Date.now()}-t.tar.gz`);
    writeFileSync(truncated, readFileSync(file).subarray(0, Math.floor(readFileSync(file).length / 2)));
    dirs.push(truncated);
    expect(await refusal(truncated)).toBe('error.backup.truncated');

    const foreign = join(tempDir(), 'notes.tar.gz');
    writeFileSync(foreign, 'just some text, not an archive at all');
    expect(await refusal(foreign)).toBe('error.backup.not_an_archive');

    // a well-formed archive whose database does not match the manifest's checksum
    const stage = tempDir();
    await tarExtract({ file, cwd: stage });
    writeFileSync(join(stage, 'lantern.db'), Buffer.concat([readFileSync(join(stage, 'lantern.db')), Buffer.from('tampered')]));
    const tampered = join(tempDir(), 'tampered.tar.gz');
    await tarCreate({ gzip: true, file: tampered, cwd: stage }, ['manifest.json', 'lantern.db']);
    expect(await refusal(tampered)).toBe('error.backup.checksum_mismatch');

    // a .tar.gz of something else
    const other = tempDir();
    writeFileSync(join(other, 'readme.txt'), 'hello');
    const otherArchive = join(tempDir(), 'other.tar.gz');
    await tarCreate({ gzip: true, file: otherArchive, cwd: other }, ['readme.txt']);
    expect(await refusal(otherArchive)).toBe('error.backup.unexpected_entry');

    // an entry that climbs out of the folder
    const evil = tempDir();
    mkdirSync(join(evil, 'uploads'));
    writeFileSync(join(evil, 'escape.txt'), 'x');
    const evilArchive = join(tempDir(), 'evil.tar.gz');
    await tarCreate({ gzip: true, file: evilArchive, cwd: join(evil, 'uploads'), preservePaths: true }, ['../escape.txt']);
    expect(await refusal(evilArchive)).toBe('error.backup.unsafe_entry');
  });

  it('removes what killed backups left (staging folders, .partial archives) once they are an hour old, never a finished archive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-leftovers-'));
    try {
      mkdirSync(join(dir, '.staging-abc'));
      writeFileSync(join(dir, '.staging-abc', 'lantern.db'), 'copy');
      writeFileSync(join(dir, 'lantern-2026-01-01T00-00-00Z.tar.gz.partial'), 'cut');
      writeFileSync(join(dir, 'lantern-2025-12-31T00-00-00Z.tar.gz'), 'whole');
      const now = Date.now();
      // a backup running now keeps its staging folder and partial file
      expect(removeBackupLeftovers(dir, now)).toBe(0);
      const old = new Date(now - 2 * 3600_000);
      for (const n of readdirSync(dir)) utimesSync(join(dir, n), old, old);
      expect(removeBackupLeftovers(dir, now)).toBe(2);
      expect(readdirSync(dir)).toEqual(['lantern-2025-12-31T00-00-00Z.tar.gz']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('knows which entry paths are safe', () => {
    expect(isSafeEntryPath('uploads/post/a.png')).toBe(true);
    for (const bad of ['/etc/passwd', '../x', 'uploads/../../x', 'C:/x', 'uploads\\..\\x', '']) expect(isSafeEntryPath(bad)).toBe(false);
  });
});

describe.skipIf(onPostgres)('admin backups API', () => {
  it('backs up, lists, downloads, restores over the running site and deletes', async () => {
    app = await startTestApp();
    const token = await adminToken(app);
    putUpload(app.dataDir, 'post/bbbbbbbbbbbbbbbbbbbbbbbb.png', 'before');
    await writeMeta(app, 'kept');
    const started = await app.call('POST', `${ADMIN}/backups`, { token });
    expect(started.status).toBe(200);
    expect(started.body.data.job).toMatchObject({ kind: 'backup', state: 'running' });
    const job = await finishedJob(app, token);
    expect(job).toMatchObject({ state: 'done', error: null });

    const list = (await app.call('GET', `${ADMIN}/backups`, { token })).body.data;
    expect(list.backups).toEqual([expect.objectContaining({ name: job.name, scheduled: false })]);
    expect(list.backups[0].size).toBeGreaterThan(1000);
    expect(list.schedule).toEqual({ enabled: false, hour: 3, keep: 7 });

    const res = await fetch(`${app.url}${ADMIN}/backups/${job.name}/download`, { headers: { authorization: token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(job.name);
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(backupsDir(app.dataDir), job.name)))).toBe(true);

    // changes after the backup are gone after the restore, the backup's data is back
    await writeMeta(app, 'after');
    putUpload(app.dataDir, 'post/bbbbbbbbbbbbbbbbbbbbbbbb.png', 'changed');
    putUpload(app.dataDir, 'post/cccccccccccccccccccccccc.png', 'new');
    const restoring = await app.call('POST', `${ADMIN}/backups/${job.name}/restore`, { token });
    expect(restoring.body.data.job).toMatchObject({ kind: 'restore', name: job.name });
    expect(await finishedJob(app, token)).toMatchObject({ state: 'done', error: null });
    expect(await metaKeys(app)).toEqual(['kept']);
    expect(readFileSync(join(app.dataDir, 'uploads/post/bbbbbbbbbbbbbbbbbbbbbbbb.png'), 'utf8')).toBe('before');
    expect(existsSync(join(app.dataDir, 'uploads/post/cccccccccccccccccccccccc.png'))).toBe(false);
    // the site serves on from the restored database, the admin's session included
    expect((await app.call('GET', '/answer/api/v1/siteinfo')).status).toBe(200);
    expect((await app.call('GET', `${ADMIN}/backups`, { token })).status).toBe(200);
    await writeMeta(app, 'written after the restore');
    expect(await metaKeys(app)).toEqual(['kept', 'written after the restore']);

    expect((await app.call('DELETE', `${ADMIN}/backups/${job.name}`, { token })).status).toBe(200);
    expect(listBackups(app.lantern.ctx)).toEqual([]);
  });

  it('refuses a corrupted upload and leaves the data exactly as it was', async () => {
    app = await startTestApp();
    const token = await adminToken(app);
    putUpload(app.dataDir, 'post/dddddddddddddddddddddddd.png', 'kept bytes');
    await writeMeta(app, 'kept');
    const { file } = await backupNow(app.lantern.ctx.dialect, app.dataDir);
    const bytes = readFileSync(file);
    // flip bytes in the middle of the compressed stream
    for (let i = 0; i < 64; i++) bytes[Math.floor(bytes.length / 2) + i] ^= 0xff;
    await writeMeta(app, 'after the backup');
    const dbHashBefore = await app.lantern.ctx.db.selectFrom('meta').selectAll().execute();
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'broken.tar.gz');
    const res = await fetch(`${app.url}${ADMIN}/backups/restore`, { method: 'POST', headers: { authorization: token }, body: form });
    expect(res.status).toBe(200);
    const job = await finishedJob(app, token);
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/damaged|not a Lantern backup/);
    expect(await app.lantern.ctx.db.selectFrom('meta').selectAll().execute()).toEqual(dbHashBefore);
    expect(readFileSync(join(app.dataDir, 'uploads/post/dddddddddddddddddddddddd.png'), 'utf8')).toBe('kept bytes');
    // the uploaded archive and the checking folder are gone
    expect(readdirSync(join(backupsDir(app.dataDir), '.incoming'))).toEqual([]);
    expect(readdirSync(app.dataDir).filter((n) => n.startsWith('.'))).toEqual([]);
    expect(fileHash(file)).not.toBe('');
  });

  it('refuses names that are not backups (no path traversal), non-admins, a second job at once and a bad schedule', async () => {
    app = await startTestApp();
    const token = await adminToken(app);
    writeFileSync(join(app.dataDir, 'secret.txt'), 'no');
    for (const name of ['..%2Fsecret.txt', '..%2Flantern.db', 'lantern.db', '%2Fetc%2Fpasswd']) {
      const down = await app.call('GET', `${ADMIN}/backups/${name}/download`, { token });
      expect(down.status, name).toBe(400);
      expect(down.body.reason).toBe('error.backup.name_invalid');
      expect((await app.call('DELETE', `${ADMIN}/backups/${name}`, { token })).status).toBe(400);
    }
    expect((await app.call('GET', `${ADMIN}/backups/lantern-2026-01-01T00-00-00Z.tar.gz/download`, { token })).body.reason).toBe(
      'error.backup.not_found',
    );
    expect(existsSync(join(app.dataDir, 'secret.txt'))).toBe(true);
    const user = await makeUser(app);
    expect((await app.call('GET', `${ADMIN}/backups`, { token: user.token })).status).toBe(403);
    expect((await app.call('POST', `${ADMIN}/backups`)).status).toBe(401);

    backupState(app.lantern.ctx).job = {
      id: 99,
      kind: 'backup',
      state: 'running',
      phase: 'database',
      done: 0,
      total: 1,
      name: '',
      started_at: 0,
      finished_at: 0,
      error: null,
      manifest: null,
    };
    const busy = await app.call('POST', `${ADMIN}/backups`, { token });
    expect(busy.body).toMatchObject({ code: 400, reason: 'error.backup.busy' });
    backupState(app.lantern.ctx).job = null;

    const bad = await app.call('PUT', `${ADMIN}/backups/schedule`, { token, body: { enabled: true, hour: 24, keep: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.map((f: { error_field: string }) => f.error_field).sort()).toEqual(['hour', 'keep']);
    const noFile = await fetch(`${app.url}${ADMIN}/backups/restore`, {
      method: 'POST',
      headers: { authorization: token },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
  });

  it('answers every request with the maintenance envelope while a restore swaps the database', async () => {
    app = await startTestApp();
    const token = await adminToken(app);
    backupState(app.lantern.ctx).maintenance = true;
    const res = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 503, reason: 'base.maintenance', msg: "We are under maintenance, we'll be back soon." });
    expect((await app.call('GET', '/answer/admin/api/backups')).status).toBe(503);
    // the restore's progress stays readable for the admin who started it
    expect((await app.call('GET', '/answer/admin/api/backups/job', { token })).status).toBe(200);
    expect((await app.call('GET', '/answer/admin/api/backups/job')).status).toBe(401);
    backupState(app.lantern.ctx).maintenance = false;
    expect((await app.call('GET', '/answer/api/v1/siteinfo')).status).toBe(200);
  });
});

describe.skipIf(onPostgres)('backup schedule', () => {
  it('takes one backup a day at the set hour and keeps the newest N', async () => {
    let now = Math.floor(new Date(2026, 10, 20, 2, 30).getTime() / 1000);
    const clock: Clock = { now: () => now };
    app = await startTestApp({ deps: { clock } });
    const token = await adminToken(app);
    const saved = await app.call('PUT', `${ADMIN}/backups/schedule`, { token, body: { enabled: true, hour: 3, keep: 2 } });
    expect(saved.body.data).toEqual({ enabled: true, hour: 3, keep: 2 });
    // 02:30: yesterday's 03:00 slot has no backup yet
    expect((await scheduleTick(app.lantern.ctx))?.state).toBe('done');
    expect(await scheduleTick(app.lantern.ctx)).toBeNull();
    now += 3600; // 03:30: today's slot
    expect((await scheduleTick(app.lantern.ctx))?.state).toBe('done');
    now += 86400; // tomorrow 03:30
    expect((await scheduleTick(app.lantern.ctx))?.state).toBe('done');
    expect(await scheduleTick(app.lantern.ctx)).toBeNull();
    const scheduled = listBackups(app.lantern.ctx).filter((b) => b.scheduled);
    expect(scheduled.map((b) => b.created_at)).toEqual([now, now - 86400]);
    // a backup taken by hand is never pruned
    await app.call('POST', `${ADMIN}/backups`, { token });
    await finishedJob(app, token);
    now += 86400;
    await scheduleTick(app.lantern.ctx);
    expect(listBackups(app.lantern.ctx).filter((b) => !b.scheduled)).toHaveLength(1);
    expect(listBackups(app.lantern.ctx).filter((b) => b.scheduled)).toHaveLength(2);
  });

  it('is off by default for a headless server and finds the last daily slot', async () => {
    const at = (d: Date) => Math.floor(d.getTime() / 1000);
    expect(lastSlot(at(new Date(2026, 0, 2, 4, 0)), 3)).toBe(at(new Date(2026, 0, 2, 3, 0)));
    expect(lastSlot(at(new Date(2026, 0, 2, 2, 0)), 3)).toBe(at(new Date(2026, 0, 1, 3, 0)));
    app = await startTestApp();
    expect(await scheduleTick(app.lantern.ctx)).toBeNull();
  });
});

describe.runIf(onPostgres)('backups of a PostgreSQL site', () => {
  it('are refused with a message naming pg_dump: by hand, by restore and by the schedule', async () => {
    let now = Math.floor(new Date(2026, 10, 20, 2, 30).getTime() / 1000);
    app = await startTestApp({ deps: { clock: { now: () => now } } });
    const token = await adminToken(app);
    const started = await app.call('POST', `${ADMIN}/backups`, { token });
    expect(started.status).toBe(400);
    expect(started.body).toMatchObject({ reason: 'error.backup.postgres' });
    expect(started.body.msg).toContain('pg_dump');
    const restore = await app.call('POST', `${ADMIN}/backups/lantern-20261120T023000Z.tar.gz/restore`, { token });
    expect(restore.status).toBe(400);
    // the schedule may be saved (the admin page shows it) but takes no backup
    expect((await app.call('PUT', `${ADMIN}/backups/schedule`, { token, body: { enabled: true, hour: 3, keep: 2 } })).status).toBe(200);
    now += 3600;
    expect(await scheduleTick(app.lantern.ctx)).toBeNull();
    expect(listBackups(app.lantern.ctx)).toEqual([]);
  });
});
