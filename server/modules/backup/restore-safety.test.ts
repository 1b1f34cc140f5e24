import { randomBytes } from 'node:crypto';
import { fstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { create as tarCreate, extract as tarExtract, Header } from 'tar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { onPostgres } from '../../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { translate } from '../../contract/messages/index.js';
import { backupNow, backupsDir } from '../../infra/backup.js';
import { BackupError, checkBackupArchive, restoreIntoDataDir } from './backup.archive.js';
import { syncTree, unpackLimit, UNPACK_MARGIN_BYTES } from './backup.durable.js';
import { inMaintenance, runRestore } from './backup.service.js';
import { tempDirs } from '../../../tests/support/temp-dirs.js';

const ADMIN = '/answer/admin/api';
let app: TestApp | undefined;
const { tempDir } = tempDirs('lantern-restore-test-');
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

async function refusal(p: Promise<unknown>): Promise<BackupError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  return err as BackupError;
}

/** The bytes in a folder tree (what a refused check may have left behind). */
function bytesUnder(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    n += e.isDirectory() ? bytesUnder(p) : statSync(p).size;
  }
  return n;
}

/**
 * A .tar.gz whose lantern.db header declares `size` bytes, followed by only a little of them:
 * what a gzip bomb looks like to a reader before it decompresses the body.
 */
function declaredBomb(file: string, size: number): void {
  const header = new Header({ path: 'lantern.db', type: 'File', size, mode: 0o644, mtime: new Date(0) });
  const block = Buffer.alloc(512);
  header.encode(block, 0);
  writeFileSync(file, gzipSync(Buffer.concat([block, Buffer.alloc(64 * 1024)])));
}

// restores of the SQLite file; a PostgreSQL site is restored with pg_restore
describe.skipIf(onPostgres)('a restore refuses a gzip bomb', () => {
  it('stops at the entry that would unpack past the limit, with a clear message and nothing big left behind', async () => {
    // a backup-shaped archive whose database unpacks to 48 MB from a few hundred KB
    const stage = tempDir();
    writeFileSync(join(stage, 'manifest.json'), '{}');
    const page = Buffer.alloc(4096);
    const db = Buffer.alloc(48 * 1024 * 1024);
    for (let off = 0; off < db.length; off += page.length) randomBytes(16).copy(db, off);
    writeFileSync(join(stage, 'lantern.db'), db);
    const archive = join(tempDir(), 'bomb.tar.gz');
    await tarCreate({ gzip: true, file: archive, cwd: stage }, ['manifest.json', 'lantern.db']);
    rmSync(join(stage, 'lantern.db'));
    expect(statSync(archive).size).toBeLessThan(2 * 1024 * 1024);

    const work = tempDir();
    const err = await refusal(checkBackupArchive(archive, work, () => {}, { maxUnpackedBytes: 8 * 1024 * 1024 }));
    expect(err.reason).toBe('error.backup.unpacked_too_large');
    expect(translate('en_US', err.reason, err.params)).toBe(
      'This backup was refused: unpacked, it would take more than the 8 MB this disk can spare (Lantern keeps 512 MB free). Free some disk space, or check that the file is a Lantern backup.',
    );
    expect(bytesUnder(work)).toBe(0);
    // the same archive within the limit goes on to the manifest (which this one lacks)
    expect((await refusal(checkBackupArchive(archive, work, () => {}, { maxUnpackedBytes: 64 * 1024 * 1024 }))).reason).toBe(
      'error.backup.manifest_invalid',
    );
    expect(bytesUnder(work)).toBe(0);
  });

  it('by default, refuses what would not fit on the disk less a margin, from the declared size alone', async () => {
    const work = tempDir();
    expect(unpackLimit(work)).toBeGreaterThanOrEqual(0);
    const archive = join(tempDir(), 'petabyte.tar.gz');
    declaredBomb(archive, 2 ** 50);
    const err = await refusal(restoreIntoDataDir(archive, work));
    expect(err.reason).toBe('error.backup.unpacked_too_large');
    expect(readdirSync(work)).toEqual([]);
    expect(UNPACK_MARGIN_BYTES).toBe(512 * 1024 * 1024);
  });

  it('through the admin page: the job fails with the message, the site stays up and the data as it was', async () => {
    app = await startTestApp();
    const token = await adminToken(app);
    const before = readFileSync(join(app.dataDir, 'lantern.db')).length;
    const bomb = join(tempDir(), 'bomb.tar.gz');
    declaredBomb(bomb, 2 ** 50);
    const form = new FormData();
    form.append('file', new Blob([readFileSync(bomb)]), 'bomb.tar.gz');
    const res = await fetch(`${app.url}${ADMIN}/backups/restore`, { method: 'POST', headers: { authorization: token }, body: form });
    expect(res.status).toBe(200);
    let job: { state: string; error: string | null } | null = null;
    await vi.waitFor(
      async () => {
        job = (await app!.call('GET', `${ADMIN}/backups/job`, { token })).body.data;
        expect(job?.state).not.toBe('running');
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(job).toMatchObject({ state: 'failed' });
    expect(job!.error).toContain('this disk can spare');
    expect((await app.call('GET', '/answer/api/v1/language/options')).status).toBe(200);
    expect(readFileSync(join(app.dataDir, 'lantern.db')).length).toBeGreaterThanOrEqual(before);
    expect(readdirSync(join(backupsDir(app.dataDir), '.incoming'))).toEqual([]);
    expect(readdirSync(app.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  });
});

describe.skipIf(onPostgres)('a restore checks the archive before it takes the site down', () => {
  it('a damaged archive never turns maintenance on: the site answers 200 throughout the check', async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    // a real backup with an upload big enough that checking it takes a while, then the upload tampered
    mkdirSync(join(app.dataDir, 'uploads', 'post'), { recursive: true });
    writeFileSync(join(app.dataDir, 'uploads', 'post', 'eeeeeeeeeeeeeeeeeeeeeeee.bin'), randomBytes(8 * 1024 * 1024));
    const { file } = await backupNow(ctx.dialect, app.dataDir);
    const stage = tempDir();
    await tarExtract({ file, cwd: stage });
    writeFileSync(join(stage, 'uploads', 'post', 'eeeeeeeeeeeeeeeeeeeeeeee.bin'), randomBytes(8 * 1024 * 1024));
    const damaged = join(tempDir(), 'damaged.tar.gz');
    await tarCreate({ gzip: true, file: damaged, cwd: stage }, ['manifest.json', 'lantern.db', 'uploads']);

    const seenInCheck: boolean[] = [];
    const answers: Promise<number>[] = [];
    const job = await runRestore(ctx, damaged, {
      name: 'damaged.tar.gz',
      onProgress: (p) => {
        if (p.phase !== 'reading' && p.phase !== 'checking') return;
        seenInCheck.push(inMaintenance(ctx));
        answers.push(fetch(`${app!.url}/answer/api/v1/language/options`).then((r) => r.status));
        answers.push(fetch(`${app!.url}/healthz`).then((r) => r.status));
      },
    });
    expect(job).toMatchObject({ state: 'failed', error: { reason: 'error.backup.checksum_mismatch' } });
    expect(seenInCheck.length).toBeGreaterThan(1);
    expect(seenInCheck.every((m) => m === false)).toBe(true);
    expect(new Set(await Promise.all(answers))).toEqual(new Set([200]));
  });

  it('a good archive turns maintenance on only for the swap, after the check', async () => {
    app = await startTestApp();
    const ctx = app.lantern.ctx;
    const { file } = await backupNow(ctx.dialect, app.dataDir);
    const byPhase = new Map<string, boolean[]>();
    const job = await runRestore(ctx, file, {
      name: 'good.tar.gz',
      onProgress: (p) => byPhase.set(p.phase, [...(byPhase.get(p.phase) ?? []), inMaintenance(ctx)]),
    });
    expect(job.state).toBe('done');
    expect(byPhase.get('checking')?.every((m) => !m)).toBe(true);
    expect(byPhase.get('swapping')?.every((m) => m)).toBe(true);
    expect(inMaintenance(ctx)).toBe(false);
  });
});

describe.skipIf(onPostgres)('an unpacked backup is on the disk before the swap', () => {
  it('syncTree flushes every file and folder of a tree, each through a descriptor open on it', () => {
    const root = tempDir();
    mkdirSync(join(root, 'uploads', 'post'), { recursive: true });
    writeFileSync(join(root, 'lantern.db'), 'db');
    writeFileSync(join(root, 'uploads', 'post', 'a.png'), 'a');
    writeFileSync(join(root, 'uploads', 'b.png'), 'b');
    const flushedInodes: number[] = [];
    const synced = syncTree(root, (fd) => flushedInodes.push(fstatSync(fd).ino));
    const expected = [
      join(root, 'lantern.db'),
      join(root, 'uploads', 'post', 'a.png'),
      join(root, 'uploads', 'b.png'),
      join(root, 'uploads', 'post'),
      join(root, 'uploads'),
      root,
    ];
    expect(new Set(synced)).toEqual(new Set(expected));
    expect(new Set(flushedInodes)).toEqual(new Set(expected.map((p) => statSync(p).ino)));
    // folders come after their files, the root last: names are durable once their files are
    expect(synced.at(-1)).toBe(root);
    expect(synced.indexOf(join(root, 'uploads'))).toBeGreaterThan(synced.indexOf(join(root, 'uploads', 'b.png')));
    // and with the real fsync it runs without error
    expect(syncTree(root)).toHaveLength(expected.length);
  });

  it('the checked backup reports its database and uploads flushed, and is restored 0600', async () => {
    app = await startTestApp();
    mkdirSync(join(app.dataDir, 'uploads', 'post'), { recursive: true });
    writeFileSync(join(app.dataDir, 'uploads', 'post', 'ffffffffffffffffffffffff.png'), 'picture');
    const { file } = await backupNow(app.lantern.ctx.dialect, app.dataDir);
    const work = tempDir();
    const checked = await checkBackupArchive(file, work);
    expect(checked.synced).toEqual(
      expect.arrayContaining([
        join(checked.dir, 'lantern.db'),
        join(checked.dir, 'uploads', 'post', 'ffffffffffffffffffffffff.png'),
        join(checked.dir, 'uploads'),
        checked.dir,
      ]),
    );
    rmSync(checked.dir, { recursive: true, force: true });
    const target = tempDir();
    await restoreIntoDataDir(file, target);
    if (process.platform !== 'win32') expect(statSync(join(target, 'lantern.db')).mode & 0o777).toBe(0o600);
  });
});
