// Crash safety of the Stack Exchange import: `npm run import:se` on the coffee dump is killed with
// SIGKILL at seeded moments (in the questions, answers or links pass) KILLS times. After each
// kill the database passes integrity_check and holds nothing half-written (no answer without its
// question, counts equal to rows, the search index equal to the visible posts), and the site
// serves it. A re-run then completes the import: the same questions and answers as one
// uninterrupted import, and a further run finds everything already there.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  checkDatabase,
  figure,
  killLeftoverServers,
  makeSite,
  queryLines,
  root,
  runSeed,
  seeded,
  ServerProcess,
  V1,
} from './support.js';

const dumps = process.env.LANTERN_SE_DATA ?? join(root, '../shared/data/stackexchange');
const coffee = join(dumps, 'coffee');
const KILLS = Number(process.env.LANTERN_IMPORT_KILLS) || 3;
// the import's own progress lines: the kill lands a seeded 0-400 ms after one of them
const PHASES = ['Importing questions', 'Importing answers'];

const dirs: string[] = [];
afterAll(async () => {
  await killLeftoverServers();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

interface ImportRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/**
 * Runs the import CLI as `npm run import:se` does (tsx), in small batches (many transactions to
 * land in); with `killAt`, kills it with SIGKILL `delayMs` after it prints that phase's line.
 */
function runImport(dataDir: string, killAt?: { phase: string; delayMs: number }): Promise<ImportRun> {
  return new Promise((resolve, reject) => {
    // node itself (not npx, whose child would outlive a SIGKILL) with tsx as the loader
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'server/modules/import/cli.ts'), '--data-dir', dataDir, '--batch-size', '20', coffee],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    let armed = !!killAt;
    const onData = (d: Buffer) => {
      output += d.toString();
      if (armed && killAt && output.includes(killAt.phase)) {
        armed = false;
        setTimeout(() => child.kill('SIGKILL'), killAt.delayMs);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

const imported = (output: string, kind: string) => {
  const m = new RegExp(`${kind}\\s+(\\d+) rows, (\\d+) imported, (\\d+) already there`).exec(output);
  return m ? { rows: Number(m[1]), imported: Number(m[2]), existing: Number(m[3]) } : null;
};

describe('crash safety: SIGKILL during an import', () => {
  it.skipIf(!existsSync(join(coffee, 'Posts.xml')))(
    `keeps the site consistent through ${KILLS} kills and completes on a re-run (dumps: ${coffee})`,
    { timeout: 30 * 60_000 },
    async () => {
      const seed = runSeed();
      process.stdout.write(`crash-import seed ${seed} (LANTERN_LONG_SEED=${seed} replays it)\n`);
      const rng = seeded(seed + 7);
      const dataDir = mkdtempSync(join(tmpdir(), 'lantern-crash-import-'));
      dirs.push(dataDir);
      await makeSite(dataDir, 1);

      const kills: { phase: string; delayMs: number; questions: number; answers: number; killed: boolean }[] = [];
      for (let k = 0; k < KILLS; k++) {
        const killAt = { phase: PHASES[k % PHASES.length], delayMs: rng.int(400) };
        const run = await runImport(dataDir, killAt);
        const killed = run.signal === 'SIGKILL';
        const report = checkDatabase(dataDir, { importedScores: true });
        kills.push({ ...killAt, questions: report.counts.questions, answers: report.counts.answers, killed });
        expect(report.integrity, `integrity after the kill in ${killAt.phase}`).toBe('ok');
        expect(report.problems, `half-written or inconsistent rows after the kill in ${killAt.phase} +${killAt.delayMs} ms`).toEqual([]);
        // the site serves what is there
        const server = new ServerProcess(dataDir);
        await server.start();
        try {
          const list = await call(server.url, 'GET', `${V1}/question/page?order=newest&page=1&page_size=20`);
          expect(list.status).toBe(200);
          expect(list.body.data.count).toBe(report.counts.questions);
        } finally {
          await server.stop();
        }
      }

      // a re-run completes it
      const rerun = await runImport(dataDir);
      expect(rerun.code, rerun.output).toBe(0);
      const done = checkDatabase(dataDir, { importedScores: true });
      expect(done.integrity).toBe('ok');
      expect(done.problems).toEqual([]);

      // the same as one uninterrupted import
      const cleanDir = mkdtempSync(join(tmpdir(), 'lantern-clean-import-'));
      dirs.push(cleanDir);
      await makeSite(cleanDir, 1);
      const clean = await runImport(cleanDir);
      expect(clean.code, clean.output).toBe(0);
      const reference = checkDatabase(cleanDir, { importedScores: true });
      expect(reference.problems, 'an uninterrupted import').toEqual([]);
      expect(done.counts).toEqual(reference.counts);
      expect(snapshot(dataDir)).toEqual(snapshot(cleanDir));

      // and a further run finds everything already there
      const again = await runImport(dataDir);
      expect(again.code, again.output).toBe(0);
      const q = imported(again.output, 'questions');
      const a = imported(again.output, 'answers');
      expect(q).toEqual({ rows: reference.counts.questions, imported: 0, existing: reference.counts.questions });
      expect(a).toEqual({ rows: reference.counts.answers, imported: 0, existing: reference.counts.answers });
      expect(checkDatabase(dataDir, { importedScores: true }).counts).toEqual(reference.counts);

      figure('crash-import', {
        seed,
        kills: kills.filter((k) => k.killed).length,
        killedAt: kills.map((k) => `${k.phase.replace('Importing ', '')}+${k.delayMs}ms: ${k.questions} questions, ${k.answers} answers`),
        afterRerun: done.counts,
        uninterrupted: reference.counts,
      });
      // a kill that came after the import had finished still checks the result, but at least one must land
      expect(kills.filter((k) => k.killed).length).toBeGreaterThan(0);
    },
  );
});

/** What an import leaves, independent of generated ids: titles with answer counts, scores and tags. */
function snapshot(dataDir: string): string[] {
  return queryLines(
    dataDir,
    `select q.title || ' | ' || q.answer_count || ' | ' || q.vote_count || ' | ' || (case when q.accepted_answer_id in ('', '0') then 'open' else 'accepted' end) || ' | ' ||
      (select group_concat(t.slug_name, ',') from (select t.slug_name from tag_rel r join tag t on t.id = r.tag_id where r.object_id = q.id and r.status = 1 order by t.slug_name) t) as line
    from question q order by q.title, q.created_at`,
  );
}
