#!/usr/bin/env node
// Functions longer than a limit (house-style: about 40 lines; a React component past ~150 is split
// by the part of the screen). Reads the sources with the TypeScript compiler API and counts each
// function's lines from its first to its last line, as ESLint's max-lines-per-function does by
// default (nested functions are counted in their parent and on their own).
// `node tools/long-functions.mjs [--max 80] [--json] [dir or file ...]` (default src-renderer);
// prints the count over the limit and each function, longest first. Tests are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args[maxAt + 1]) : 80;
const json = args.includes('--json');
const paths = args.filter((a, i) => !a.startsWith('--') && (maxAt < 0 || i !== maxAt + 1));
if (paths.length === 0) paths.push('src-renderer');

/** The .ts and .tsx sources under a path, tests and declarations left out. */
function sources(path) {
  if (statSync(path).isFile()) return [path];
  const out = [];
  for (const name of readdirSync(path)) {
    const p = join(path, name);
    if (name === 'node_modules') continue;
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** A function's name: its own, the variable, property or export it is assigned to, else <anonymous>. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  let p = node.parent;
  // forwardRef(function ...), memo(() => ...): the name is the variable's
  while (p && ts.isCallExpression(p)) p = p.parent;
  if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.name) return p.name.getText();
  if (p && ts.isExportAssignment(p)) return 'default';
  return '<anonymous>';
}

const found = [];
for (const file of paths.flatMap((p) => sources(resolve(root, p)))) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ file: relative(root, file), line: first + 1, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
if (json) console.log(JSON.stringify({ max, count: found.length, functions: found }, null, 2));
else {
  for (const f of found) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}:${f.line}`);
  console.log(`${found.length} functions over ${max} lines in ${paths.join(', ')}`);
}
