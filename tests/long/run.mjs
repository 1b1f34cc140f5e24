#!/usr/bin/env node
// `npm run test:long`: the crash-safety and soak tests (tests/long, tests/vitest.long.config.ts)
// against the built server, then their figures and one closing line `N passed, N failed`.
// Builds first when out/ is missing or older than the sources (a fresh clone, or edits since
// `npm test` built it). LANTERN_LONG_SEED replays a run's kill moments.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildState, rebuildReason } from '../../server/build-freshness.mjs';
import { playwrightFailures, vitestFailures } from '../support/report-failures.mjs';

const root = new URL('../..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
const started = Date.now();
let passed = 0;
let failed = 0;
// tests that did not run (the LAN test without root or ip netns): said before the closing line
let skipped = 0;
const failures = [];

const reason = rebuildReason(buildState(root));
if (reason) {
  process.stdout.write(`${reason}\n`);
  const b = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) {
    process.stdout.write('the build failed: the long tests need out/main/server.js\n0 passed, 1 failed\n');
    process.exit(1);
  }
}

const report = join(results, 'vitest-long.json');
const figures = join(results, 'long-figures.jsonl');
rmSync(report, { force: true });
rmSync(figures, { force: true });
const r = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '-c',
    'tests/vitest.long.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
let j = null;
try {
  j = JSON.parse(readFileSync(report, 'utf8'));
} catch {
  /* no report */
}
if (j) {
  failures.push(...vitestFailures(j, 'long', root));
  passed += j.numPassedTests;
  skipped += j.numPendingTests + j.numTodoTests;
  failed += j.numFailedTests + (r.status !== 0 && j.numFailedTests === 0 ? 1 : 0);
} else failed++;

// the long browser specs (tests/long/*.spec.ts: the stored-XSS corpus in Chromium), counted the same way
const pwReport = join(results, 'playwright-long.json');
rmSync(pwReport, { force: true });
const pw = spawnSync('npx', ['playwright', 'test', '-c', 'tests/playwright.long.config.ts', '--reporter=list,json'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport },
});
let pj = null;
try {
  pj = JSON.parse(readFileSync(pwReport, 'utf8'));
} catch {
  /* no report */
}
if (pj) {
  failures.push(...playwrightFailures(pj, 'long'));
  passed += pj.stats.expected;
  skipped += pj.stats.skipped;
  failed += pj.stats.unexpected + (pw.status !== 0 && pj.stats.unexpected === 0 ? 1 : 0);
} else failed++;

process.stdout.write('\n=== long tests: figures ===\n');
if (existsSync(figures)) process.stdout.write(readFileSync(figures, 'utf8'));
process.stdout.write(`long tests took ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
if (failures.length) process.stdout.write(`failed tests:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
if (skipped > 0) process.stdout.write(`${skipped} skipped (not counted as passed; the test output says why)\n`);
// the last line is exactly `N passed, N failed`, as .ci/run reads it
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed > 0 ? 1 : 0);
