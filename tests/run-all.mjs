#!/usr/bin/env node
// `npm test`: every check of the project, then one closing line `N passed, N failed`.
// Steps: the build (with THIRD_PARTY_NOTICES.txt) first; then at once: Playwright e2e in Chromium (found by
// tests/support/find-browser.mjs; without one it stops at once, naming the command that installs it), vitest (unit + API +
// component tests), and one after another typecheck, lint, format (Prettier's check), electronegativity (Electron security
// scan) and licences (the production dependencies' licences against tools/licences.mjs's allow-list). The e2e output
// streams; the others' is printed whole when each ends.
// Counts come from the runners' JSON reports; typecheck, lint, format, electronegativity, licences and build count as one test each.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findBrowser } from './support/find-browser.mjs';
import { playwrightFailures, vitestFailures } from './support/report-failures.mjs';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const only = new Set((process.env.LANTERN_TEST_STEPS ?? 'typecheck,lint,format,electronegativity,licences,unit,build,e2e').split(','));

// the e2e step needs Chromium or Chrome: find it now, or stop before minutes of other steps,
// naming the one command that installs it (npm test installs nothing on its own)
if (only.has('e2e')) {
  const browser = findBrowser();
  if (!browser.ok) {
    process.stdout.write(`npm test needs a browser for its e2e tests (${browser.reason}); run: ${browser.fix}\n0 passed, 1 failed\n`);
    process.exit(1);
  }
  process.env.CHROMIUM_PATH = browser.path;
}

const startedAt = Date.now();
let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];
/** The names of the tests that failed, with the first line of their error, printed again in the summary. */
const failures = [];

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Whether `nice` can lower a step's priority here (POSIX systems). */
const canNice = process.platform !== 'win32' && spawnSync('nice', ['-n', '1', 'true']).status === 0;

/**
 * Starts one step's command; resolves with its exit code and time. Its output is kept and printed whole when
 * it ends (`live` prints it as it comes). `niced` steps run at nice 15, below the e2e step's browsers and server
 * (and the server's render workers, at nice 10): the e2e step's waits are the run's longest path, so it gets a
 * core when it needs one.
 */
function start(name, cmd, args, { env = {}, live = false, niced = false } = {}) {
  const started = Date.now();
  const chunks = [];
  const [file, argv] = niced && canNice ? ['nice', ['-n', '15', cmd, ...args]] : [cmd, args];
  if (live) process.stdout.write(`\n=== ${name} ===\n`);
  return new Promise((resolve) => {
    const child = spawn(file, argv, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const take = (c) => (live ? process.stdout.write(c) : chunks.push(c));
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let code = null;
    child.on('error', (e) => {
      take(Buffer.from(`${e.message}\n`));
      code = 1;
    });
    child.on('close', (c) => {
      if (!live) process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(chunks).toString()}`);
      resolve({ code: code ?? c ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

/** Runs vitest with a JSON report and counts its tests; `label` names the step's failures. */
async function vitestStep(label, args = [], options = {}) {
  const out = join(results, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const r = await start(
    label,
    'npx',
    ['vitest', 'run', '-c', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    options,
  );
  const j = readJson(out);
  if (!j) {
    failed++;
    return { ...r, note: `FAILED: no report (exit ${r.code})` };
  }
  failures.push(...vitestFailures(j, label, root));
  passed += j.numPassedTests;
  failed += j.numFailedTests + (r.code !== 0 && j.numFailedTests === 0 ? 1 : 0);
  skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  return { ...r, note: `${j.numPassedTests} passed, ${j.numFailedTests} failed, ${j.numPendingTests} skipped` };
}

/** A check counts as one test: its exit code. */
async function checkStep(name, cmd, args) {
  const r = await start(name, cmd, args, { niced: true });
  if (r.code === 0) passed++;
  else failed++;
  return { ...r, note: r.code === 0 ? 'ok' : `FAILED (exit ${r.code})` };
}

async function e2eStep() {
  if (!existsSync(join(root, 'tests/playwright.config.ts'))) return { seconds: '0', note: 'no e2e config' };
  const out = join(results, 'playwright.json');
  rmSync(out, { force: true });
  const r = await start('e2e', 'npx', ['playwright', 'test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    live: true,
  });
  const j = readJson(out);
  if (!j) {
    failed++;
    return { ...r, note: `FAILED: no report (exit ${r.code})` };
  }
  failures.push(...playwrightFailures(j, 'e2e'));
  const s = j.stats ?? {};
  const ok = (s.expected ?? 0) + (s.flaky ?? 0);
  const bad = (s.unexpected ?? 0) + (r.code !== 0 && !s.unexpected ? 1 : 0);
  passed += ok;
  failed += bad;
  skipped += s.skipped ?? 0;
  return { ...r, note: `${ok} passed, ${bad} failed, ${s.skipped ?? 0} skipped` };
}

const CHECKS = [
  // TypeScript 7's native compiler (package typescript-7) checks the tree in about a third of tsc 5.9's time; one
  // thread, as the other steps are busy. `typescript` stays 5.9 for the tools that use its API (typescript-eslint,
  // tests/unit/contract-typecheck.test.ts)
  ['typecheck', 'node', ['node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json', '--singleThreaded']],
  ['lint', 'npx', ['eslint', '-c', 'tests/eslint.config.js', '.']],
  // the tree is formatted by Prettier (`npm run format`): a file that is not fails this step, naming it
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['electronegativity', 'node', ['tests/security/electronegativity.mjs']],
  // what the installers ship may only be under a licence an Apache-2.0 app can ship: fails naming each package that is not
  ['licences', 'node', ['tools/licences.mjs', 'check']],
];

/**
 * The order: the build first (the e2e step serves out/), then three lanes at once: e2e at normal priority,
 * vitest and the single-core checks (one after another) niced. The e2e step waits on pages far more than it
 * computes (one worker kept half a core busy), so the other two fill the cores it leaves; run one after
 * another, the steps took 889 s on two cores, with the e2e step alone 474 s.
 */
const stepResults = new Map();
if (only.has('build')) {
  // npm run build: electron-vite's build, then out/THIRD_PARTY_NOTICES.txt, which the installers ship
  stepResults.set('build', await checkStep('build', 'npm', ['run', '--silent', 'build']));
}
const buildFailed = stepResults.get('build')?.note.startsWith('FAILED');
await Promise.all([
  (async () => {
    if (!only.has('e2e')) return;
    if (buildFailed) {
      failed++;
      stepResults.set('e2e', { seconds: '0', note: 'FAILED: not run, the build failed' });
      return;
    }
    stepResults.set('e2e', await e2eStep());
  })(),
  (async () => {
    if (only.has('unit')) stepResults.set('unit', await vitestStep('unit', [], { niced: true }));
    // npm run test:pg: the server's tests again, each test app on a PostgreSQL database of its own
    if (only.has('unit-pg')) {
      if (!process.env.LANTERN_TEST_DATABASE_URL) {
        failed++;
        process.stdout.write(
          'npm run test:pg needs LANTERN_TEST_DATABASE_URL: a postgres:// URL of a user who may create databases (README, "Tests")\n',
        );
        stepResults.set('unit-pg', { seconds: '0', note: 'FAILED: LANTERN_TEST_DATABASE_URL is not set' });
      } else stepResults.set('unit-pg', await vitestStep('unit-pg', ['--project', 'node', 'server/']));
    }
  })(),
  (async () => {
    for (const [name, cmd, args] of CHECKS) if (only.has(name)) stepResults.set(name, await checkStep(name, cmd, args));
  })(),
]);
// the summary keeps the steps' order
for (const name of ['typecheck', 'lint', 'format', 'electronegativity', 'licences', 'build', 'unit', 'unit-pg', 'e2e']) {
  const r = stepResults.get(name);
  if (r) summary.push(`${name}: ${r.note} (${r.seconds}s)`);
}

process.stdout.write(`\n=== summary ===\n${summary.join('\n')}\n`);
if (failures.length) process.stdout.write(`failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (skipped) process.stdout.write(`${skipped} skipped (each with its reason in the step's output)\n`);
process.stdout.write(`${only.has('unit-pg') ? 'npm run test:pg' : 'npm test'} took ${Math.round((Date.now() - startedAt) / 1000)} s\n`);
// the last line is exactly `N passed, N failed`, as CI reads it
process.stdout.write(`${passed} passed, ${failed} failed\n`);
// the exit code is set, not forced: process.exit() would drop what stdout has not yet written to a pipe (a step's
// output is printed whole when it ends, and a CI log cut the unit step's 1 MB short, with the closing line after it)
process.exitCode = failed > 0 ? 1 : 0;
