#!/usr/bin/env node
// Import cycles between source files of the server, the renderer and the main process (house-style: a cycle hides
// which file owns what). Reads each file's import and export-from lines and dynamic import() calls once, resolves the
// relative ones as the bundler does (`./x.js` is x.ts or x.tsx, a folder its index), counts type-only imports too
// (house-style allows no cycle, even one the output would not have), and finds the groups of files that reach each other (Tarjan's strongly connected
// components, as tools/module-graph.mjs does for modules). This replaced ESLint's import-x/no-cycle, which
// resolved every file's imports again for each file and took three quarters of the lint's time.
// `node tools/import-cycles.mjs` prints the cycles (none: exit 0); tests/unit/import-cycles.test.ts runs it in npm test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { moduleCycles } from './module-graph.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The folders whose files may not import each other in a circle. */
export const CYCLE_ROOTS = ['server', 'src-renderer', 'src-main', 'src-preload'];

const SOURCE = /\.(?:ts|tsx|mts)$/;
const SKIPPED = /\.(?:test|spec)\.tsx?$|\.d\.m?ts$/;

/** Every source file under a folder, tests and declarations left out (nothing imports them). */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (SOURCE.test(name) && !SKIPPED.test(name)) out.push(path);
  }
  return out;
}

// a static import or export-from (`import type` and `export type` are told apart below), or a dynamic import()
const IMPORT =
  /(?:^|\n)[ \t]*(import|export)\s+(type\s)?[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)[ \t]*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names, as the bundler resolves it, or null (a package, or nothing there). */
export function resolveSpecifier(fromFile, spec, exists = existsSync) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec);
  const stem = base.replace(/\.(?:js|jsx|mjs)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const c of candidates) if (SOURCE.test(c) && exists(c)) return c;
  return null;
}

/** The files a source's text imports from (type-only imports included). */
export function importsOf(file, text, exists = existsSync) {
  const out = new Set();
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4] ?? m[5];
    const target = resolveSpecifier(file, spec, exists);
    if (target) out.add(target);
  }
  return out;
}

/**
 * The import cycles among the files under `roots` (paths relative to the repository, sorted). `overrides` maps a
 * file's absolute path to a text read in its place (a test's probe).
 */
export function importCycles(roots = CYCLE_ROOTS.map((r) => join(root, r)), overrides = new Map()) {
  const edges = new Map();
  const files = roots.flatMap((r) => (existsSync(r) ? sources(r) : []));
  for (const path of overrides.keys()) if (!files.includes(path)) files.push(path);
  const exists = (p) => overrides.has(p) || existsSync(p);
  for (const file of files) edges.set(file, importsOf(file, overrides.get(file) ?? readFileSync(file, 'utf8'), exists));
  return moduleCycles(edges).map((group) => group.map((f) => relative(root, f)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = importCycles();
  process.stdout.write(`import cycles between files: ${cycles.length}\n`);
  for (const c of cycles) process.stdout.write(`  ${c.join(' -> ')}\n`);
  process.exit(cycles.length ? 1 : 0);
}
