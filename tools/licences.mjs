#!/usr/bin/env node
// The licences of what Lantern's installers ship, checked and listed.
//
//   node tools/licences.mjs check [--out FILE]    every production package's licence against the allow-list below;
//                                                  exits 1 naming each package (name, version, licence) that fails
//   node tools/licences.mjs notices --out FILE    writes THIRD_PARTY_NOTICES.txt: each production package with its
//                                                  version, licence and licence text (npm run build writes it into
//                                                  out/, and electron-builder ships it beside the app)
//
// "Production packages" are what electron-builder packs: package.json's dependencies and optionalDependencies and,
// recursively, each installed package's dependencies, optionalDependencies and installed peerDependencies, resolved
// from node_modules as Node resolves them (an optional one that is not installed is skipped): the tree that
// `npm ls --omit=dev --all` shows. Electron itself is a
// devDependency but ships as the app's runtime, so it is listed too (not its own dependencies, which only download
// it; Chromium's licences come with Electron as LICENSES.chromium.html, which electron-builder installs).
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Licences an Apache-2.0 installer may ship. All permissive: they ask for their notice to be kept (the notices file
 * does that) and nothing of Lantern's own licence.
 * - MIT, MIT-0, ISC, 0BSD, BSD-2-Clause, BSD-3-Clause, Apache-2.0, Zlib, BlueOak-1.0.0: OSI-approved permissive.
 * - Unlicense, CC0-1.0: public-domain dedications with a permissive fallback (CC0 is not OSI-approved but asks nothing).
 * - Python-2.0 and PSF-2.0: the Python Software Foundation licence (argparse declares PSF-2.0, the PSF part of the
 *   OSI-approved Python-2.0 stack): permissive, with its notice kept.
 * - MPL-2.0: weak copyleft per file. Allowed because Lantern ships such packages unmodified, as installed (nothing
 *   patches node_modules): MPL then asks only that recipients are told where the source of those files is, which
 *   the notices file does (the package's name, version and repository). A change to an MPL file would have to be
 *   published under MPL: review before patching one.
 * Not allowed (the check fails, naming the package): GPL, LGPL, AGPL, SSPL, CC-BY-NC, "SEE LICENSE IN" a text that
 * is not one of these, no licence at all, and anything unrecognised: a human decides, then changes this list.
 */
export const ALLOWED = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  '0BSD',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  'Zlib',
  'BlueOak-1.0.0',
  'Unlicense',
  'CC0-1.0',
  'Python-2.0',
  'PSF-2.0',
  'MPL-2.0',
]);

/** Exceptions (SPDX `WITH`) that add permissions and so keep an allowed licence allowed. */
export const ALLOWED_EXCEPTIONS = new Set(['LLVM-exception']);

/** devDependencies that the installers ship all the same (the runtime). */
export const SHIPPED_DEV_DEPENDENCIES = ['electron'];

// ---------------------------------------------------------------------------------------------------------------
// SPDX expressions

/**
 * Parses an SPDX licence expression ("MIT", "(MIT OR Apache-2.0)", "MIT AND Zlib", "Apache-2.0 WITH LLVM-exception",
 * "GPL-2.0+") into a tree: {id, plus?, exception?} | {op: 'AND' | 'OR', left, right}. WITH binds tightest, then
 * AND, then OR. Throws on anything else.
 */
export function parseSpdx(expression) {
  const tokens = String(expression).match(/\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const peek = () => tokens[i];
  const fail = (why) => {
    throw new Error(`not an SPDX expression (${why}): ${expression}`);
  };
  function primary() {
    const t = tokens[i++];
    if (t === undefined) fail('it ends early');
    if (t === '(') {
      const inner = or();
      if (tokens[i++] !== ')') fail('a "(" is not closed');
      return inner;
    }
    if (/^(AND|OR|WITH|\))$/i.test(t)) fail(`"${t}" where a licence was expected`);
    if (!/^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(t) || /^(LicenseRef|DocumentRef)-/.test(t)) fail(`"${t}" is not a licence id`);
    const node = t.endsWith('+') ? { id: t.slice(0, -1), plus: true } : { id: t };
    if (/^with$/i.test(peek() ?? '')) {
      i++;
      const exception = tokens[i++];
      if (!exception || exception === '(' || exception === ')') fail('WITH names no exception');
      node.exception = exception;
    }
    return node;
  }
  function and() {
    let left = primary();
    while (/^and$/i.test(peek() ?? '')) {
      i++;
      left = { op: 'AND', left, right: primary() };
    }
    return left;
  }
  function or() {
    let left = and();
    while (/^or$/i.test(peek() ?? '')) {
      i++;
      left = { op: 'OR', left, right: and() };
    }
    return left;
  }
  if (tokens.length === 0) fail('it is empty');
  const tree = or();
  if (i !== tokens.length) fail(`"${tokens[i]}" after the end`);
  return tree;
}

/**
 * Whether an SPDX expression may ship: an OR needs one allowed side, an AND needs both, a WITH needs an allowed
 * licence and an allowed exception, "X+" (X or later) counts as X. Returns {ok, why} (why: what is not allowed).
 */
export function spdxAllowed(expression, allowed = ALLOWED, exceptions = ALLOWED_EXCEPTIONS) {
  let tree;
  try {
    tree = parseSpdx(expression);
  } catch (e) {
    return { ok: false, why: e.message };
  }
  function walk(n) {
    if (n.op === 'OR') {
      const l = walk(n.left);
      if (l.ok) return l;
      const r = walk(n.right);
      return r.ok ? r : { ok: false, why: `${l.why} and ${r.why}` };
    }
    if (n.op === 'AND') {
      const l = walk(n.left);
      const r = walk(n.right);
      if (l.ok && r.ok) return { ok: true };
      return {
        ok: false,
        why: [l, r]
          .filter((x) => !x.ok)
          .map((x) => x.why)
          .join(' and '),
      };
    }
    if (!allowed.has(n.id)) return { ok: false, why: `${n.id} is not on the allow-list` };
    if (n.exception && !exceptions.has(n.exception)) return { ok: false, why: `exception ${n.exception} is not on the allow-list` };
    return { ok: true };
  }
  return walk(tree);
}

// ---------------------------------------------------------------------------------------------------------------
// Licence texts

const LICENCE_FILE = /^(licen[cs]e|copying|unlicen[cs]e)([-._].*)?$/i;
const NOTICE_FILE = /^notice([-._].*)?$/i;

/** The package's licence and notice files (root of the package), sorted: licences first. */
export function licenceFiles(dir) {
  let names = [];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isFile() && (LICENCE_FILE.test(d.name) || NOTICE_FILE.test(d.name)))
      .map((d) => d.name);
  } catch {
    return [];
  }
  return names.sort((a, b) => Number(NOTICE_FILE.test(a)) - Number(NOTICE_FILE.test(b)) || a.localeCompare(b));
}

/**
 * Names the licence of a licence file's text, for a package whose package.json declares none (or says "SEE LICENSE
 * IN"): one of the allowed ids where the text is one of them, else a description (e.g. "GNU LGPL") or null.
 */
export function identifyLicenceText(text) {
  const t = String(text).replace(/\s+/g, ' ');
  if (/GNU AFFERO GENERAL PUBLIC LICEN[CS]E/i.test(t)) return 'GNU AGPL';
  if (/GNU (LESSER|LIBRARY) GENERAL PUBLIC LICEN[CS]E|GNU LGPL/i.test(t))
    return /unRAR/i.test(t) ? 'GNU LGPL with the unRAR restriction' : 'GNU LGPL';
  if (/GNU GENERAL PUBLIC LICEN[CS]E/i.test(t)) return 'GNU GPL';
  if (/Apache License,? Version 2\.0/i.test(t)) return 'Apache-2.0';
  if (/Mozilla Public License,? (version|v\.?) ?2\.0/i.test(t)) return 'MPL-2.0';
  if (/This is free and unencumbered software released into the public domain/i.test(t)) return 'Unlicense';
  if (/Permission is hereby granted, free of charge, to any person obtaining a copy/i.test(t))
    return /The above copyright notice and this permission notice shall be included/i.test(t) ? 'MIT' : 'MIT-0';
  if (/Permission to use, copy, modify, and\/?or distribute this software for any purpose with or without fee is hereby granted/i.test(t))
    return /provided that the above copyright notice and this permission notice appear in all copies/i.test(t) ? 'ISC' : '0BSD';
  if (/Redistribution and use in source and binary forms, with or without modification, are permitted/i.test(t))
    return /Neither the name|names of (its|the) contributors may be used/i.test(t) ? 'BSD-3-Clause' : 'BSD-2-Clause';
  if (/Blue Oak Model License/i.test(t)) return 'BlueOak-1.0.0';
  return null;
}

/** The "License" section of a README (up to the next heading of the same or a higher level), or null. */
export function readmeLicenceSection(readme) {
  const lines = String(readme).split(/\r?\n/);
  const start = lines.findIndex((l) => /^#{1,6}\s*licen[cs]e\b/i.test(l));
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start])[0].length;
  let end = lines.length;
  for (let i = start + 1; i < lines.length; i++) {
    const m = /^(#+)\s/.exec(lines[i]);
    if (m && m[1].length <= level) {
      end = i;
      break;
    }
  }
  const section = lines.slice(start, end).join('\n').trim();
  return section.split('\n').length > 1 ? section : null;
}

/**
 * A package's licence as an SPDX expression, and where it came from. package.json's `license` (a string; an old
 * {type} object), or its old `licenses` array (read as OR); when it has none, or says "SEE LICENSE IN file", the
 * licence file's text. `expression` is null when nothing names a licence.
 */
export function declaredLicence(pkg, dir) {
  let field = pkg.license;
  if (field && typeof field === 'object' && !Array.isArray(field)) field = field.type;
  if (!field && Array.isArray(pkg.licenses) && pkg.licenses.length)
    field = pkg.licenses
      .map((l) => (typeof l === 'string' ? l : l?.type))
      .filter(Boolean)
      .join(' OR ');
  if (Array.isArray(field))
    field = field
      .map((l) => (typeof l === 'string' ? l : l?.type))
      .filter(Boolean)
      .join(' OR ');
  const declared = typeof field === 'string' ? field.trim() : '';
  const seeFile = /^SEE LICEN[CS]E IN (.+)$/i.exec(declared);
  if (declared && !seeFile && !/^UNLICENSED$/i.test(declared)) return { expression: declared, declared, source: 'package.json' };
  const files = seeFile ? [seeFile[1].trim()] : licenceFiles(dir).filter((f) => LICENCE_FILE.test(f));
  for (const f of files) {
    let text;
    try {
      text = readFileSync(join(dir, f), 'utf8');
    } catch {
      continue;
    }
    const id = identifyLicenceText(text.slice(0, 20_000));
    // an SPDX id, or a description of a licence that has none here ("LGPL ..."), which no expression allows
    if (id && !/\s/.test(id)) return { expression: id, declared: declared || '(none)', source: f };
    if (id) return { expression: null, declared: declared || '(none)', source: f, reads: id };
  }
  return { expression: null, declared: declared || '(none)', source: files[0] ?? 'package.json' };
}

// ---------------------------------------------------------------------------------------------------------------
// The production tree

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Where `name` resolves from `fromDir` as Node resolves it (each ancestor's node_modules), without leaving `root`. */
function resolvePackage(fromDir, name, root) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
    }
    if (dir === root || dirname(dir) === dir) return null;
  }
}

/**
 * Every production package installed under `root`: [{name, version, dir, pkg, path}] sorted by name and version,
 * each name@version once (`path` is how it is reached, for messages). `missing` lists required dependencies that
 * are not installed.
 */
export function productionPackages(root = process.cwd(), { shippedDev = SHIPPED_DEV_DEPENDENCIES } = {}) {
  root = resolve(root);
  const top = readJson(join(root, 'package.json'));
  const seenDirs = new Set();
  const byId = new Map();
  const missing = [];
  const queue = [];
  const want = (fromDir, name, optional, via) => {
    const dir = resolvePackage(fromDir, name, root);
    if (!dir) {
      if (!optional) missing.push(`${name} (needed by ${via})`);
      return;
    }
    queue.push({ dir, via });
  };
  for (const name of Object.keys(top.dependencies ?? {})) want(root, name, false, top.name);
  for (const name of Object.keys(top.optionalDependencies ?? {})) want(root, name, true, top.name);
  for (const name of shippedDev) if (top.devDependencies?.[name]) want(root, name, true, top.name);
  const shippedAlone = new Set(shippedDev);
  while (queue.length) {
    const { dir, via } = queue.shift();
    const real = realpathSync(dir);
    if (seenDirs.has(real)) continue;
    seenDirs.add(real);
    const pkg = readJson(join(dir, 'package.json'));
    const id = `${pkg.name}@${pkg.version}`;
    if (!byId.has(id)) byId.set(id, { name: pkg.name, version: pkg.version, dir, pkg, path: `${via} > ${pkg.name}` });
    if (shippedAlone.has(pkg.name) && via === top.name) continue;
    const here = `${pkg.name}@${pkg.version}`;
    for (const name of Object.keys(pkg.dependencies ?? {})) want(dir, name, Boolean(pkg.optionalDependencies?.[name]), here);
    for (const name of Object.keys(pkg.optionalDependencies ?? {})) want(dir, name, true, here);
    // peers: npm installs the required ones, and lists an optional one that is installed (for a devDependency, say)
    // in the production tree too, where electron-builder's collector (npm list --omit dev) finds and packs it
    for (const name of Object.keys(pkg.peerDependencies ?? {})) want(dir, name, true, here);
  }
  const packages = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
  return { packages, missing };
}

/**
 * Checks each package's licence: [{name, version, licence, why}] for those that may not ship (an empty list when
 * all may). `packages` are {name, version, expression, declared, source}.
 */
export function licenceFailures(packages, allowed = ALLOWED) {
  const failures = [];
  for (const p of packages) {
    if (!p.expression) {
      failures.push(
        p.reads
          ? { name: p.name, version: p.version, licence: `${p.declared}; ${p.source} reads as ${p.reads}`, why: 'not on the allow-list' }
          : { name: p.name, version: p.version, licence: p.declared, why: `no licence found (${p.source})` },
      );
      continue;
    }
    const r = spdxAllowed(p.expression, allowed);
    if (!r.ok)
      failures.push({
        name: p.name,
        version: p.version,
        licence: p.source === 'package.json' ? p.expression : `${p.declared} → ${p.source}: ${p.expression}`,
        why: r.why,
      });
  }
  return failures;
}

/** The production tree with each package's licence, and the check's verdict. */
export function checkProject(root = process.cwd()) {
  const { packages, missing } = productionPackages(root);
  const withLicences = packages.map((p) => ({ ...p, ...declaredLicence(p.pkg, p.dir) }));
  const failures = licenceFailures(withLicences);
  for (const m of missing)
    failures.push({ name: m, version: '', licence: '', why: 'a required dependency that is not installed (run npm ci)' });
  return { packages: withLicences, failures };
}

/** The check's report: a count per licence, then each failure on a line of its own. */
export function formatReport({ packages, failures }) {
  const counts = new Map();
  for (const p of packages) {
    const key = p.expression ?? (p.reads ? `${p.declared} (${p.source}: ${p.reads})` : `${p.declared} (unrecognised)`);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const lines = [
    `Licence check of the production dependencies (what the installers ship): ${packages.length} packages`,
    ...[...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l, n]) => `  ${String(n).padStart(4)}  ${l}`),
    `Allowed: ${[...ALLOWED].join(', ')} (tools/licences.mjs says why)`,
  ];
  if (failures.length === 0) lines.push('All allowed.');
  else {
    lines.push(`${failures.length} not allowed:`);
    for (const f of failures) lines.push(`  ${f.name}${f.version ? `@${f.version}` : ''}: ${f.licence ? `${f.licence}: ` : ''}${f.why}`);
  }
  return `${lines.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// THIRD_PARTY_NOTICES.txt

const RULE = '-'.repeat(80);

function repositoryUrl(pkg) {
  const r = typeof pkg.repository === 'string' ? pkg.repository : pkg.repository?.url;
  const url = r || pkg.homepage;
  if (!url) return null;
  return String(url)
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^github:/, 'https://github.com/')
    .replace(/\.git$/, '')
    .replace(/^([\w-]+\/[\w.-]+)$/, 'https://github.com/$1');
}

function licenceLabel(p) {
  return p.expression ?? (p.reads ? `${p.reads} (${p.declared})` : p.declared);
}

/** The notices file's text: a header, then each production package with its licence texts (deterministic). */
export function noticesText(root = process.cwd()) {
  root = resolve(root);
  const top = readJson(join(root, 'package.json'));
  const { packages } = checkProject(root);
  const out = [
    `Third-party software in ${top.build?.productName ?? top.name} ${top.version}`,
    '',
    `${top.build?.productName ?? top.name} is licensed under the Apache License 2.0. It includes the following ${packages.length} third-party`,
    'packages, each under its own licence, whose texts follow. Each is shipped unmodified, as published on the',
    'npm registry under the name and version given (its source is there and at the repository named).',
    '',
    ...packages.map((p) => `  ${p.name} ${p.version} (${licenceLabel(p)})`),
    '',
  ];
  for (const p of packages) {
    out.push(RULE, `${p.name} ${p.version}`, `Licence: ${licenceLabel(p)}`);
    const repo = repositoryUrl(p.pkg);
    if (repo) out.push(`Source: ${repo}`);
    if (p.name === 'electron')
      out.push(
        "Electron's runtime also carries Chromium's and its components' licences: LICENSES.chromium.html, installed beside this file.",
      );
    out.push('');
    const files = licenceFiles(p.dir);
    for (const f of files) {
      if (files.length > 1) out.push(`[${f}]`);
      out.push(readFileSync(join(p.dir, f), 'utf8').replace(/\r\n/g, '\n').trimEnd(), '');
    }
    if (files.length === 0) {
      let section = null;
      const readme = readdirSync(p.dir).find((f) => /^readme(\.|$)/i.test(f));
      if (readme) section = readmeLicenceSection(readFileSync(join(p.dir, readme), 'utf8'));
      out.push(
        section
          ? `(The package has no licence file; its package.json says ${p.declared}; its ${readme} says:)\n\n${section}`
          : `(The package has no licence file; its package.json says ${p.declared}.)`,
        '',
      );
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Command line

function main(argv) {
  const [command, ...rest] = argv;
  const outAt = rest.indexOf('--out');
  const outFile = outAt >= 0 ? rest[outAt + 1] : undefined;
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (command === 'check') {
    const result = checkProject(root);
    const report = formatReport(result);
    process.stdout.write(report);
    if (outFile) writeFileSync(outFile, report);
    return result.failures.length ? 1 : 0;
  }
  if (command === 'notices') {
    if (!outFile) {
      process.stderr.write('usage: node tools/licences.mjs notices --out FILE\n');
      return 2;
    }
    mkdirSync(dirname(resolve(outFile)), { recursive: true });
    const text = noticesText(root);
    writeFileSync(outFile, text);
    const { failures } = checkProject(root);
    process.stdout.write(
      `Wrote ${relative(process.cwd(), resolve(outFile))} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB)` +
        (failures.length ? `; ${failures.length} package(s) fail the licence check: node tools/licences.mjs check\n` : '\n'),
    );
    return 0;
  }
  process.stderr.write('usage: node tools/licences.mjs check [--out FILE] | notices --out FILE\n');
  return 2;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
