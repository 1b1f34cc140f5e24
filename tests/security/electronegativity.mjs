#!/usr/bin/env node
// Runs @doyensec/electronegativity over the desktop sources (main, preload, the renderer's HTML)
// and fails on any finding above INFORMATIONAL that README.md's security section does not answer
// (an answered check is named there in backticks, e.g. `OPEN_EXTERNAL_JS_CHECK`).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Splits one CSV line, honouring double quotes ("" inside quotes is a quote). */
function csvFields(line) {
  const out = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

const root = new URL('../..', import.meta.url).pathname;
const stage = mkdtempSync(join(tmpdir(), 'lantern-eneg-'));
const csv = join(stage, 'findings.csv');
try {
  cpSync(join(root, 'src-main'), join(stage, 'src-main'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
  cpSync(join(root, 'src-preload'), join(stage, 'src-preload'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
  cpSync(join(root, 'src-renderer/index.html'), join(stage, 'src-renderer/index.html'));
  const electron = JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')).version;
  // the preload pins the commander electronegativity was written for (see the file)
  const preload = join(root, 'tests/security/electronegativity-commander.cjs');
  const env = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim() };
  const r = spawnSync('npx', ['electronegativity', '-i', stage, '-e', electron, '-r', '-v', 'false', '-o', csv], {
    cwd: root,
    encoding: 'utf8',
    timeout: 240_000,
    env,
  });
  if (r.status !== 0) {
    process.stderr.write(r.stdout + r.stderr);
    throw new Error(`electronegativity exited ${r.status}`);
  }
  const rows = readFileSync(csv, 'utf8').trim().split('\n').slice(1).filter(Boolean);
  const parsed = rows.map((line) => {
    const [check, severity = '', confidence = '', file = '', location = ''] = csvFields(line);
    return { check, severity, confidence, file, location, line };
  });
  // a finding's row starts with its check id; anything else is the tool's noise (e.g. its offline release lookup)
  const findings = parsed.filter((f) => /^[A-Z0-9_]+_CHECK$/.test(f.check));
  for (const f of parsed.filter((x) => !findings.includes(x))) process.stdout.write(`(not a finding) ${f.line.slice(0, 200)}\n`);
  const security =
    readFileSync(join(root, 'README.md'), 'utf8')
      .split(/^## /m)
      .find((s) => s.startsWith('Security')) ?? '';
  const answered = new Set([...security.matchAll(/`([A-Z_]+_CHECK)`/g)].map((m) => m[1]));
  for (const f of findings)
    process.stdout.write(
      `${f.severity.padEnd(13)} ${f.confidence.padEnd(10)} ${f.check} ${f.file}:${f.location}${answered.has(f.check) ? ' (answered in README)' : ''}\n`,
    );
  const open = findings.filter((f) => f.severity !== 'INFORMATIONAL' && !answered.has(f.check));
  process.stdout.write(`electronegativity: ${findings.length} finding(s), ${open.length} above informational and unanswered\n`);
  process.exitCode = open.length ? 1 : 0;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
