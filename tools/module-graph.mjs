#!/usr/bin/env node
// The import graph between server/modules/*: how many imports reach into another module's
// repository (house-style: modules talk through each other's services), which pairs of modules
// import each other, and the import cycles between modules (the shared lower modules' repositories,
// open to all, counted apart). `node tools/module-graph.mjs`
// prints the counts; `--list` also names every cross-module repository import and every module's
// imports. tests/unit/module-graph.test.ts runs moduleGraph() so that a new mutual pair or cycle fails.
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_MODULES } from '../tests/eslint-module-boundaries.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every .ts file under a folder (tests excluded: they may drive any module). */
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The module a path under modulesDir belongs to, or null (index.ts, registry.ts, outside). */
function moduleOf(modulesDir, path) {
  const rel = relative(modulesDir, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The groups of more than one module that reach each other (Tarjan's strongly connected components), sorted. */
export function moduleCycles(edges) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const components = [];
  function connect(v) {
    info.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!info.has(w)) {
        connect(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).on = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  }
  for (const v of [...edges.keys()].sort()) if (!info.has(v)) connect(v);
  return components;
}

/** The pairs `a <-> b` (a < b) of modules that import each other, sorted. */
export function mutualPairs(edges) {
  const mutual = [];
  for (const [a, tos] of edges) for (const b of tos) if (a < b && edges.get(b)?.has(a)) mutual.push(`${a} <-> ${b}`);
  return mutual.sort();
}

/**
 * Reads the imports of every module under modulesDir (server/modules unless given). Returns the
 * module edges (module -> modules it imports a value from; type-only imports are not counted), the
 * files behind each edge (`from -> to` -> files), the repository imports across modules, the mutual
 * pairs and the cycles.
 */
export function moduleGraph(modulesDir = join(root, 'server', 'modules'), shared = SHARED_MODULES) {
  const repositoryImports = [];
  const filesWithRepositoryImports = new Set();
  const edges = new Map();
  const via = new Map();
  for (const file of sources(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      const to = moduleOf(modulesDir, target);
      if (!to || to === from) continue;
      const typeOnly = /^\s*(?:import|export)\s+type\s/.test(match[0].replace(/^\n/, ''));
      if (/\.repository(\.[jt]s)?$/.test(target)) {
        const isShared = shared.includes(to);
        repositoryImports.push({
          line: `${relative(root, file)} -> ${relative(root, target)}${typeOnly ? ' (type)' : ''}`,
          shared: isShared,
        });
        if (!isShared) filesWithRepositoryImports.add(file);
      }
      if (typeOnly) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
      const key = `${from} -> ${to}`;
      if (!via.has(key)) via.set(key, new Set());
      via.get(key).add(relative(modulesDir, file));
    }
  }
  return {
    edges,
    via,
    repositoryImports,
    filesWithRepositoryImports,
    mutual: mutualPairs(edges),
    cycles: moduleCycles(edges),
  };
}

function main(argv) {
  const list = argv.includes('--list');
  const { edges, via, repositoryImports, filesWithRepositoryImports, mutual, cycles } = moduleGraph();
  const forbidden = repositoryImports.filter((r) => !r.shared);
  console.log(
    `cross-module repository imports: ${forbidden.length} in ${filesWithRepositoryImports.size} files` +
      ` (and ${repositoryImports.length - forbidden.length} of the shared lower modules' repositories: ${SHARED_MODULES.join(', ')})`,
  );
  if (list)
    for (const r of repositoryImports.sort((a, b) => a.line.localeCompare(b.line)))
      console.log(`  ${r.line}${r.shared ? ' (shared)' : ''}`);
  console.log(`mutual module pairs: ${mutual.length}`);
  for (const pair of mutual) {
    console.log(`  ${pair}`);
    if (list) {
      const [a, b] = pair.split(' <-> ');
      for (const key of [`${a} -> ${b}`, `${b} -> ${a}`]) console.log(`    ${key}: ${[...via.get(key)].sort().join(', ')}`);
    }
  }
  console.log(`module import cycles (strongly connected groups of modules): ${cycles.length}`);
  for (const c of cycles) console.log(`  ${c.length} modules: ${c.join(', ')}`);
  if (list) {
    console.log('module imports:');
    for (const from of [...edges.keys()].sort()) console.log(`  ${from} -> ${[...edges.get(from)].sort().join(' ')}`);
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
