import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { connectDatabase } from '../db/connect.js';
import { buildProgram, importSeCommand, runCli } from './program.js';
import type { CliIo } from './progress.js';
import { onPostgres } from '../../tests/support/pg-test-db.js';
import { makeUser } from '../../tests/support/accounts.js';
import { writeTinyDump } from '../../tests/support/tiny-dump.js';
import { tempDirs } from '../../tests/support/temp-dirs.js';

let app: TestApp | undefined;
const { tempDir, track } = tempDirs('lantern-cli-test-');
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

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

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
/** The single JSON object a --json run printed on stdout (JSON.parse throws on anything more). */
const jsonOf = (out: string) => JSON.parse(out) as Record<string, any>;

describe('the lantern CLI for scripts', () => {
  it('prints its version, and --json reports of check and its failures with the exit codes kept', async () => {
    for (const flag of ['--version', '-V']) {
      const v = await lantern([flag]);
      expect(v.code).toBe(0);
      expect(v.out).toBe(`${pkg.version}\n`);
    }
    const empty = tempDir();
    const missing = await lantern(['check', '--data-dir', empty, '--json']);
    expect(missing.code).toBe(1);
    expect(jsonOf(missing.out)).toEqual({
      ok: false,
      command: 'check',
      error: { code: 'failed', message: `There is no Lantern database in ${empty} (no ${join(empty, 'lantern.db')}).` },
    });
    const usage = await lantern(['check', '--json', '--no-such-flag']);
    expect(usage.code).toBe(2);
    expect(jsonOf(usage.out)).toMatchObject({
      ok: false,
      command: 'check',
      error: { code: 'usage', message: "unknown option '--no-such-flag'" },
    });
    const restoreUsage = await lantern(['restore', '--json']);
    expect(restoreUsage.code).toBe(2);
    expect(jsonOf(restoreUsage.out)).toMatchObject({ ok: false, command: 'restore', error: { code: 'usage' } });
    // every command that reports takes --json
    for (const c of ['check', 'backup', 'restore', 'import-se', 'migrate-db', 'reset-password'])
      expect((await lantern([c, '--help'])).out, c).toContain('--json');
  });

  it.skipIf(onPostgres)('reports check, backup and restore as one JSON object each, progress on stderr', async () => {
    app = await startTestApp();
    const check = await lantern(['check', '--data-dir', app.dataDir, '--json']);
    expect(check.code, check.err).toBe(0);
    expect(jsonOf(check.out)).toMatchObject({
      ok: true,
      command: 'check',
      dataDir: app.dataDir,
      integrity: 'ok',
      pendingMigrations: 0,
      version: pkg.version,
    });
    expect(jsonOf(check.out).schemaVersion).toBe(jsonOf(check.out).buildSchemaVersion);
    const file = join(tempDir(), 'site.tar.gz');
    const backup = await lantern(['backup', '--data-dir', app.dataDir, '--out', file, '--json'], true);
    expect(backup.code, backup.err).toBe(0);
    expect(jsonOf(backup.out)).toMatchObject({ ok: true, command: 'backup', file, counts: { users: 1, questions: 0 } });
    expect(jsonOf(backup.out).bytes).toBe(readFileSync(file).length);
    expect(backup.err).toMatch(/Writing the archive\s+\[#+\] 100%/);
    const target = tempDir();
    const restore = await lantern(['restore', file, '--data-dir', target, '--json']);
    expect(restore.code, restore.err).toBe(0);
    expect(jsonOf(restore.out)).toMatchObject({ ok: true, command: 'restore', archive: file, dataDir: target, counts: { users: 1 } });
    expect(restore.err).toContain('Checking the backup…');
  });

  it('imports a dump with a progress bar on stderr, and reports it as JSON', async () => {
    const dump = writeTinyDump([
      { id: 7, name: 'Bar Ista', reputation: 120 },
      { id: 8, name: 'Pour Over', reputation: 40 },
    ]);
    track(dump);
    const dataDir = tempDir();
    const human = await lantern(['import-se', dump, '--data-dir', dataDir, '--site', 'coffee.stackexchange.com'], true);
    expect(human.code, human.err).toBe(0);
    expect(human.err).toMatch(/Importing users\s+\[[#-]+\]\s+\d+%/);
    expect(human.err).toMatch(/\] 100%/);
    expect(human.out).toMatch(/^Imported .*Users\.xml.* from coffee\.stackexchange\.com:/);
    const again = await lantern(['import-se', dump, '--data-dir', dataDir, '--site', 'coffee.stackexchange.com', '--json']);
    expect(again.code, again.err).toBe(0);
    const report = jsonOf(again.out);
    expect(report).toMatchObject({ ok: true, command: 'import-se', site: 'coffee.stackexchange.com', dataDir });
    expect(report.report.users).toMatchObject({ rows: 2, existing: 2, imported: 0 });
    // not a terminal: one line per step on stderr
    expect(again.err).toContain('Importing users…');
  });

  it('resets a password by email (a made one) or username, ending the sessions, and says why it cannot', async () => {
    app = await startTestApp();
    const { token } = await makeUser(app, { email: 'forgot@example.com', password: 'forgotten-1' });
    const username = (await app.call('GET', '/answer/api/v1/user/info', { token })).body.data.username as string;
    const db = onPostgres ? ['--database-url', app.lantern.ctx.config.databaseUrl!] : [];
    const made = await lantern(['reset-password', '--data-dir', app.dataDir, ...db, '--email', 'Forgot@Example.com', '--json']);
    expect(made.code, made.err).toBe(0);
    const result = jsonOf(made.out);
    expect(result).toMatchObject({ ok: true, command: 'reset-password', user: { username }, sessionsEnded: true });
    expect(result.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    // the old session is over; the new password logs in
    expect((await app.call('GET', '/answer/api/v1/user/info', { token })).body.data).toBeNull();
    const login = (pass: string) => app!.call('POST', '/answer/api/v1/user/login/email', { body: { e_mail: 'forgot@example.com', pass } });
    expect((await login(result.password)).status).toBe(200);

    const given = await lantern(['passwd', '--data-dir', app.dataDir, ...db, '--username', username, '--password', 'chosen-password-9']);
    expect(given.code, given.err).toBe(0);
    expect(given.out).toBe(`The password of ${username} (id ${result.user.id}) is set. Their sessions have ended.\n`);
    expect((await login(result.password)).status).not.toBe(200);
    expect((await login('chosen-password-9')).status).toBe(200);

    const nobody = await lantern(['reset-password', '--data-dir', app.dataDir, ...db, '--email', 'nobody@example.com']);
    expect(nobody.code).toBe(1);
    expect(nobody.err).toBe('There is no user with that email address.\n');
    const short = await lantern([
      'reset-password',
      '--data-dir',
      app.dataDir,
      ...db,
      '--email',
      'forgot@example.com',
      '-p',
      'short',
      '--json',
    ]);
    expect(short.code).toBe(1);
    expect(jsonOf(short.out)).toMatchObject({
      ok: false,
      error: { code: 'failed', message: 'The password must be 8 to 32 characters long.' },
    });
    expect((await lantern(['reset-password', '--data-dir', app.dataDir])).code).toBe(2);
    expect((await lantern(['reset-password', '--data-dir', app.dataDir, '--email', 'a@b.c', '--username', 'x'])).code).toBe(2);
  });

  it('describes serve with its log flags, also through npm run serve -- --help', async () => {
    const help = await lantern(['serve', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--log-format <format>', '--log-file <file>', '--access-log']) expect(help.out).toContain(flag);
    const serveScript = fileURLToPath(new URL('../serve.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [serveScript, '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('Usage: lantern serve [options]');
    expect(run.stdout).toContain('--access-log');
    expect(run.stderr).not.toContain('failed to start');
  });
});
