#!/usr/bin/env node
// `npm test`: every check of the project, in order, then one closing line `N passed, N failed`.
// Steps: typecheck, lint, format (Prettier's check), electronegativity (Electron security scan), licences (the production
// dependencies' licences against tools/licences.mjs's allow-list) and build (with THIRD_PARTY_NOTICES.txt), two at a time (each uses
// one core; their outputs are printed whole, one after another), then vitest (unit + API + component tests), then Playwright e2e in Chromium
// (found by tests/support/find-browser.mjs; without one it stops at once, naming the command that installs it).
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

function run(cmd, args, env = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return { code: r.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function step(name, fn) {
  if (!only.has(name)) return;
  process.stdout.write(`\n=== ${name} ===\n`);
  const r = fn();
  summary.push(`${name}: ${r.note} (${r.seconds}s)`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Runs the single-core checks two at a time; each step's output is printed whole when it ends. */
async function parallelChecks(checks, width = 2) {
  const queue = checks.filter(([name]) => only.has(name));
  const done = new Map();
  async function lane() {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, cmd, args] = next;
      const started = Date.now();
      const chunks = [];
      const code = await new Promise((resolve) => {
        const child = spawn(cmd, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('error', (e) => {
          chunks.push(Buffer.from(`${e.message}\n`));
          resolve(1);
        });
        child.on('close', (c) => resolve(c ?? 1));
      });
      process.stdout.write(`\n=== ${name} ===\n${Buffer.concat(chunks).toString()}`);
      done.set(name, { code, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    }
  }
  await Promise.all(Array.from({ length: width }, lane));
  // the summary keeps the steps' order
  for (const [name] of checks) {
    const r = done.get(name);
    if (!r) continue;
    if (r.code === 0) passed++;
    else failed++;
    summary.push(`${name}: ${r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`} (${r.seconds}s)`);
  }
}

await parallelChecks([
  // TypeScript 7's native compiler (package typescript-7) checks the tree in about a third of tsc 5.9's time; one
  // thread, as the other lane is busy. `typescript` stays 5.9 for the tools that use its API (typescript-eslint,
  // tests/unit/contract-typecheck.test.ts)
  ['typecheck', 'node', ['node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json', '--singleThreaded']],
  ['lint', 'npx', ['eslint', '-c', 'tests/eslint.config.js', '.']],
  // the tree is formatted by Prettier (`npm run format`): a file that is not fails this step, naming it
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['electronegativity', 'node', ['tests/security/electronegativity.mjs']],
  // what the installers ship may only be under a licence an Apache-2.0 app can ship: fails naming each package that is not
  ['licences', 'node', ['tools/licences.mjs', 'check']],
  // npm run build: electron-vite's build, then out/THIRD_PARTY_NOTICES.txt, which the installers ship
  ['build', 'npm', ['run', '--silent', 'build']],
]);

/** Runs vitest with a JSON report and counts its tests; `label` names the step's failures. */
function vitestStep(label, args = [], env = {}) {
  const out = join(results, `vitest-${label}.json`);
  rmSync(out, { force: true });
  const r = run(
    'npx',
    ['vitest', 'run', '-c', 'tests/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...args],
    env,
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

step('unit', () => vitestStep('unit'));

// npm run test:pg: the server's tests again, each test app on a PostgreSQL database of its own
step('unit-pg', () => {
  if (!process.env.LANTERN_TEST_DATABASE_URL) {
    failed++;
    process.stdout.write(
      'npm run test:pg needs LANTERN_TEST_DATABASE_URL: a postgres:// URL of a user who may create databases (README, "Tests")\n',
    );
    return { seconds: '0', note: 'FAILED: LANTERN_TEST_DATABASE_URL is not set' };
  }
  return vitestStep('unit-pg', ['--project', 'node', 'server/']);
});

step('e2e', () => {
  if (!existsSync(join(root, 'tests/playwright.config.ts'))) return { seconds: '0', note: 'no e2e config' };
  const out = join(results, 'playwright.json');
  rmSync(out, { force: true });
  const r = run('npx', ['playwright', 'test', '-c', 'tests/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
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
});

process.stdout.write(`\n=== summary ===\n${summary.join('\n')}\n`);
if (failures.length) process.stdout.write(`failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (skipped) process.stdout.write(`${skipped} skipped (each with its reason in the step's output)\n`);
process.stdout.write(`${only.has('unit-pg') ? 'npm run test:pg' : 'npm test'} took ${Math.round((Date.now() - startedAt) / 1000)} s\n`);
// the last line is exactly `N passed, N failed`, as CI reads it
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
