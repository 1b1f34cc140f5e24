// Crash safety of a backup: the server is asked for a backup the way the desktop shell asks
// (the `lantern:backup` message on its IPC channel) and killed with SIGKILL at a seeded moment
// while it writes it, KILLS times. After each kill the data dir is intact (integrity_check ok,
// nothing half-written, the same rows as before), and every file in backups/ that carries a
// finished backup's name is a whole backup (a database that passes integrity_check with every
// question): a cut-off copy may stay behind only under a name no one takes for a backup.
// Finally a backup taken without a kill completes and is whole.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { call, checkDatabase, figure, killLeftoverServers, makeSite, runSeed, seeded, ServerProcess, V1 } from './support.js';

const KILLS = Number(process.env.LANTERN_BACKUP_KILLS) || 6;
// copies of one long question make a database large enough (~25 MB) that a backup takes a while to write
const COPIES = 300;

const dirs: string[] = [];
afterAll(async () => {
  await killLeftoverServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Names a cut-off backup may have (never taken for a backup): work files of a backup in progress, and SQLite's own side files. */
const WORK_FILE = /\.(partial|tmp)$|^\.|-(journal|wal|shm)$/;

/**
 * Whether a finished-looking backup file is whole: its database (a copy, so the check writes
 * nothing beside the backups) passes integrity_check and has `questions` questions.
 */
function wholeBackup(file: string, questions: number): string | null {
  const work = mkdtempSync(join(tmpdir(), 'lantern-backup-check-'));
  const dbFile = join(work, 'lantern.db');
  if (file.endsWith('.tar.gz')) {
    const r = spawnSync('tar', ['-xzf', file, '-C', work]);
    if (r.status !== 0) {
      rmSync(work, { recursive: true, force: true });
      return `${file}: not a whole archive (${r.stderr.toString().trim()})`;
    }
  } else copyFileSync(file, dbFile);
  try {
    const db = new Database(dbFile, { fileMustExist: true });
    try {
      const ok = (db.pragma('integrity_check') as { integrity_check: string }[])[0]?.integrity_check;
      const n = (db.prepare('select count(*) as n from question').get() as { n: number }).n;
      return ok === 'ok' && n === questions ? null : `${file}: integrity ${ok}, ${n} of ${questions} questions`;
    } finally {
      db.close();
    }
  } catch (err) {
    return `${file}: ${err instanceof Error ? err.message : String(err)}`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Asks the server for a backup over IPC; resolves with the reply, or 'killed' when the process died first. */
function requestBackup(server: ServerProcess): Promise<{ type: string; ms: number }> {
  const child = server.child!;
  const t0 = performance.now();
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      const type = (m as { type?: string })?.type ?? '';
      if (!type.startsWith('lantern:backup-')) return;
      child.off('message', onMessage);
      resolve({ type, ms: performance.now() - t0 });
    };
    child.on('message', onMessage);
    child.once('exit', () => resolve({ type: 'killed', ms: performance.now() - t0 }));
    child.send({ type: 'lantern:backup' });
  });
}

describe('crash safety: SIGKILL during a backup', () => {
  it(`keeps the data dir intact and lists no partial backup through ${KILLS} kills`, { timeout: 30 * 60_000 }, async () => {
    const seed = runSeed();
    process.stdout.write(`crash-backup seed ${seed} (LANTERN_LONG_SEED=${seed} replays it)\n`);
    const rng = seeded(seed + 13);
    const dataDir = mkdtempSync(join(tmpdir(), 'lantern-crash-backup-'));
    dirs.push(dataDir);
    const site = await makeSite(dataDir, 2);
    const backups = join(dataDir, 'backups');
    mkdirSync(backups, { recursive: true });

    // one long question through the API, then copies of it straight into the table (with its counts)
    const server = new ServerProcess(dataDir);
    await server.start({ ipc: true });
    const body = Array.from(
      { length: 400 },
      (_, i) => `Line ${i} of a long question about water hardness and scale in espresso machines.`,
    ).join('\n');
    const asked = await call(server.url, 'POST', `${V1}/question`, {
      token: site.members[0].token,
      body: { title: 'A long question about water hardness', content: body, tags: [{ slug_name: 'water' }] },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await server.stop();
    const db = new Database(join(dataDir, 'lantern.db'));
    const cols = (db.pragma('table_info(question)') as { name: string }[]).map((c) => c.name).filter((c) => c !== 'id');
    const copy = db.prepare(`insert into question (id, ${cols.join(', ')}) select ?, ${cols.join(', ')} from question where id = ?`);
    db.transaction(() => {
      for (let i = 0; i < COPIES; i++) copy.run(`1001${String(9_000_000_000_000 + i)}`, String(asked.body.data.id));
    })();
    db.prepare('update user set question_count = (select count(*) from question q where q.user_id = user.id and q.status in (1, 2))').run();
    db.close();
    const before = checkDatabase(dataDir);
    expect(before.problems).toEqual([]);
    const questions = before.counts.questions;

    // how long one backup takes here: the kills land within it
    await server.start({ ipc: true });
    const timed = await requestBackup(server);
    expect(timed.type).toBe('lantern:backup-done');
    for (const f of readdirSync(backups)) rmSync(join(backups, f), { force: true });
    const backupMs = timed.ms;

    const kills: { delayMs: number; midBackup: boolean; leftBehind: string[] }[] = [];
    const problems: string[] = [];
    const seen = new Set<string>();
    const checked = new Set<string>();
    for (let k = 0; k < KILLS; k++) {
      const delayMs = Math.round(rng.next() * backupMs);
      let replied = false;
      const pending = requestBackup(server).then((r) => {
        replied = r.type !== 'killed';
      });
      await new Promise((r) => setTimeout(r, delayMs));
      await server.kill9();
      await pending;
      const leftBehind = readdirSync(backups).filter((n) => !seen.has(n));
      for (const n of leftBehind) seen.add(n);
      kills.push({ delayMs, midBackup: !replied, leftBehind });

      // the data dir as the killed server left it
      const after = checkDatabase(dataDir);
      if (after.integrity !== 'ok') problems.push(`kill ${k}: integrity ${after.integrity}`);
      problems.push(...after.problems.map((p) => `kill ${k}: ${p}`));
      if (after.counts.questions !== questions) problems.push(`kill ${k}: ${after.counts.questions} of ${questions} questions`);
      // every finished-looking backup is whole
      for (const name of leftBehind.filter((n) => !WORK_FILE.test(n) && statSync(join(backups, n)).isFile())) {
        const bad = wholeBackup(join(backups, name), questions);
        if (bad) problems.push(`kill ${k} at ${delayMs} ms: partial backup listed as a backup: ${bad}`);
      }
      await server.start({ ipc: true });
      const list = await call(server.url, 'GET', `${V1}/question/page?order=newest&page=1&page_size=20`);
      if (list.status !== 200) problems.push(`kill ${k}: the restarted site answers ${list.status}`);
      // what the admin's backup list offers (to download or restore) is whole
      const listed = await call(server.url, 'GET', '/answer/admin/api/backups', { token: site.adminToken });
      if (listed.status !== 200) problems.push(`kill ${k}: the backup list answers ${listed.status}`);
      for (const item of (listed.body?.data?.backups ?? []) as { name: string }[]) {
        if (checked.has(item.name)) continue;
        checked.add(item.name);
        const bad = wholeBackup(join(backups, item.name), questions);
        if (bad) problems.push(`kill ${k}: the backup list offers a partial backup: ${bad}`);
      }
    }

    // a backup without a kill completes and is whole
    const done = await requestBackup(server);
    expect(done.type).toBe('lantern:backup-done');
    const finished = readdirSync(backups).filter((n) => !WORK_FILE.test(n));
    const newest = finished.map((n) => ({ n, t: statSync(join(backups, n)).mtimeMs })).sort((a, b) => b.t - a.t)[0];
    expect(newest).toBeDefined();
    expect(wholeBackup(join(backups, newest.n), questions)).toBeNull();
    const listed = await call(server.url, 'GET', '/answer/admin/api/backups', { token: site.adminToken });
    expect((listed.body.data.backups as { name: string }[]).map((b) => b.name)).toContain(newest.n);
    await server.stop();

    figure('crash-backup', {
      seed,
      kills: kills.length,
      midBackup: kills.filter((k) => k.midBackup).length,
      backupMs: Math.round(backupMs),
      databaseMb: Math.round(statSync(join(dataDir, 'lantern.db')).size / 1e5) / 10,
      killedAt: kills.map((k) => `${k.delayMs} ms${k.midBackup ? ' (mid-backup)' : ''}: left ${k.leftBehind.join(', ') || 'nothing'}`),
      problems: problems.length,
    });
    expect(problems).toEqual([]);
    expect(kills.filter((k) => k.midBackup).length, 'kills that landed while the backup was written').toBeGreaterThan(0);
  });
});
