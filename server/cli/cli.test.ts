import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { connectDatabase } from '../db/connect.js';
import { buildProgram, importSeCommand, runCli } from './program.js';
import type { CliIo } from './progress.js';
import { onPostgres } from '../../tests/support/pg-test-db.js';

let app: TestApp | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await app?.stop();
  app = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'lantern-cli-test-'));
  dirs.push(d);
  return d;
}

/** Runs `lantern <args>` in process; returns the exit code and what it printed. */
async function lantern(args: string[], tty = false) {
  let out = '';
  let err = '';
  const io: CliIo = { out: (t) => void (out += t), err: (t) => void (err += t), tty };
  const code = await runCli(buildProgram(io), args, io);
  return { code, out, err };
}

const hash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the lantern CLI', () => {
  it('has --help for the program and each command, and exits 2 on a usage error', async () => {
    const top = await lantern(['--help']);
    expect(top.code).toBe(0);
    for (const c of ['serve', 'import-se', 'backup', 'restore', 'check']) expect(top.out).toContain(c);
    for (const c of ['serve', 'import-se', 'backup', 'restore', 'check']) {
      const help = await lantern([c, '--help']);
      expect(help.code, c).toBe(0);
      expect(help.out).toContain(`Usage: lantern ${c}`);
      expect(help.out).toContain('--data-dir');
    }
    expect((await lantern(['serve', '--help'])).out).toContain('--processes <n>');
    const missing = await lantern(['restore']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("missing required argument 'file'");
    expect((await lantern(['nonsense'])).code).toBe(2);
    expect((await lantern(['import-se', 'dump', '--batch-size', '0'])).code).toBe(2);
  });

  it('keeps npm run import:se as an alias with its own usage line', async () => {
    let err = '';
    const io: CliIo = { out: () => {}, err: (t) => void (err += t), tty: false };
    expect(await runCli(importSeCommand(io, 'npm run import:se --'), ['--data-dir', tempDir()], io)).toBe(2);
    expect(err).toContain('Usage: npm run import:se');
  });

  // the SQLite file's backup (a PostgreSQL site is backed up with pg_dump)
  it.skipIf(onPostgres)('backs up a data dir while its server runs, restores it into a new one and checks it', async () => {
    app = await startTestApp();
    writeFileSync(join(app.dataDir, 'marker.txt'), 'not part of a backup');
    await app.lantern.ctx.db
      .insertInto('meta')
      .values({ object_id: '1', key: 'from the cli', value: 'v', created_at: 0, updated_at: 0 })
      .execute();
    const out = join(tempDir(), 'site.tar.gz');
    const backup = await lantern(['backup', '--data-dir', app.dataDir, '--out', out], true);
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up .+ to .+site\.tar\.gz \(\d+\.\d\d MB\): 0 questions, 0 answers, 1 users, 0 uploaded files; schema \d{4}_/,
    );
    // the progress bar is redrawn on a terminal and ends at 100%
    expect(backup.err).toContain('Copying the database');
    expect(backup.err).toMatch(/Writing the archive\s+\[#+\] 100%/);
    // the server still serves
    expect((await app.call('GET', '/answer/api/v1/siteinfo')).status).toBe(200);

    const target = tempDir();
    const restore = await lantern(['restore', out, '--data-dir', target]);
    expect(restore.code, restore.err).toBe(0);
    expect(restore.out).toContain(`into ${target}: 0 questions, 0 answers, 1 users, 0 uploaded files`);
    expect(restore.err).toContain('Checking the backup…');
    const handle = await connectDatabase(target);
    const row = await handle.db.selectFrom('meta').select('value').where('key', '=', 'from the cli').executeTakeFirst();
    await handle.close();
    expect(row?.value).toBe('v');

    const check = await lantern(['check', '--data-dir', target]);
    expect(check.code).toBe(0);
    expect(check.out).toContain('integrity: ok');
    expect(check.out).toContain('the schema is up to date');
  });

  it.skipIf(onPostgres)('refuses a damaged archive with a clear message and leaves the data dir as it was', async () => {
    app = await startTestApp();
    const out = join(tempDir(), 'site.tar.gz');
    expect((await lantern(['backup', '--data-dir', app.dataDir, '--out', out])).code).toBe(0);
    const target = tempDir();
    const first = await lantern(['restore', out, '--data-dir', target]);
    expect(first.code).toBe(0);
    const before = hash(join(target, 'lantern.db'));
    const bytes = readFileSync(out);
    writeFileSync(out, bytes.subarray(0, bytes.length - 200));
    const refused = await lantern(['restore', out, '--data-dir', target]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('This backup is damaged or incomplete');
    expect(hash(join(target, 'lantern.db'))).toBe(before);

    const check = await lantern(['check', '--data-dir', tempDir()]);
    expect(check.code).toBe(1);
    expect(check.err).toContain('There is no Lantern database');
    writeFileSync(join(target, 'lantern.db'), 'garbage that is not SQLite');
    const damaged = await lantern(['check', '--data-dir', target]);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toContain('is damaged');
  });
});
