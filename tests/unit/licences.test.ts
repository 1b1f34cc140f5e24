import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProject, formatReport, licenceFailures, noticesText, spdxAllowed } from '../../tools/licences.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const MIT_TEXT = `MIT License

Copyright (c) 2020 Someone

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
`;
const ISC_TEXT = `ISC License

Copyright (c) 2021 Someone Else

Permission to use, copy, modify, and/or distribute this software for any
purpose with or without fee is hereby granted, provided that the above
copyright notice and this permission notice appear in all copies.
`;
const GPL_TEXT = `                    GNU GENERAL PUBLIC LICENSE
                       Version 3, 29 June 2007
`;

describe('SPDX expressions', () => {
  it('passes an OR with one allowed side, whichever side it is', () => {
    expect(spdxAllowed('(MIT OR GPL-3.0-only)').ok).toBe(true);
    expect(spdxAllowed('(GPL-3.0-only OR MIT)').ok).toBe(true);
    expect(spdxAllowed('(BSD-2-Clause OR MIT OR Apache-2.0)').ok).toBe(true);
    expect(spdxAllowed('(GPL-3.0-only OR (MIT AND Zlib))').ok).toBe(true);
  });

  it('needs both sides of an AND', () => {
    expect(spdxAllowed('MIT AND Zlib').ok).toBe(true);
    const r = spdxAllowed('(MIT AND GPL-3.0-only)');
    expect(r.ok).toBe(false);
    expect(r.why).toBe('GPL-3.0-only is not on the allow-list');
  });

  it('binds AND tighter than OR, and WITH tighter than both', () => {
    // GPL-2.0-only OR (MIT AND LGPL-2.1-only): neither side may ship
    expect(spdxAllowed('GPL-2.0-only OR MIT AND LGPL-2.1-only').ok).toBe(false);
    // (MIT AND Zlib) OR GPL-2.0-only
    expect(spdxAllowed('MIT AND Zlib OR GPL-2.0-only').ok).toBe(true);
    expect(spdxAllowed('Apache-2.0 WITH LLVM-exception').ok).toBe(true);
    expect(spdxAllowed('GPL-2.0-only WITH Classpath-exception-2.0 OR ISC').ok).toBe(true);
    expect(spdxAllowed('GPL-2.0-only WITH Classpath-exception-2.0').ok).toBe(false);
  });

  it('fails unknown licences and what is not an expression', () => {
    expect(spdxAllowed('WTFPL')).toEqual({ ok: false, why: 'WTFPL is not on the allow-list' });
    expect(spdxAllowed('(MIT').ok).toBe(false);
    expect(spdxAllowed('MIT OR').ok).toBe(false);
    expect(spdxAllowed('SEE LICENSE IN LICENSE.txt').ok).toBe(false);
    expect(spdxAllowed('').ok).toBe(false);
  });

  it('names the package, its version and its licence when one fails', () => {
    const packages = [
      { name: 'fine', version: '1.0.0', expression: '(MIT OR Apache-2.0)', declared: '(MIT OR Apache-2.0)', source: 'package.json' },
      { name: 'left-pad', version: '1.3.0', expression: 'WTFPL', declared: 'WTFPL', source: 'package.json' },
      { name: 'nameless', version: '0.1.0', expression: null, declared: '(none)', source: 'package.json' },
    ];
    const failures = licenceFailures(packages);
    expect(failures).toEqual([
      { name: 'left-pad', version: '1.3.0', licence: 'WTFPL', why: 'WTFPL is not on the allow-list' },
      { name: 'nameless', version: '0.1.0', licence: '(none)', why: 'no licence found (package.json)' },
    ]);
    const report = formatReport({ packages, failures });
    expect(report).toContain('2 not allowed:');
    expect(report).toContain('  left-pad@1.3.0: WTFPL: WTFPL is not on the allow-list');
    expect(report).toContain('  nameless@0.1.0: (none): no licence found (package.json)');
  });
});

describe('the production tree', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-licences-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pkg = (at: string, json: Record<string, unknown>, files: Record<string, string> = {}) => {
    mkdirSync(join(dir, at), { recursive: true });
    writeFileSync(join(dir, at, 'package.json'), JSON.stringify(json));
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, at, f), text);
  };
  pkg('.', {
    name: 'app',
    version: '1.0.0',
    dependencies: { a: '1', 'no-field': '1', 'see-file': '1' },
    optionalDependencies: { 'not-installed': '1' },
    devDependencies: { 'dev-only': '1' },
  });
  pkg(
    'node_modules/a',
    { name: 'a', version: '1.0.0', license: 'MIT', dependencies: { d: '2' }, peerDependencies: { p: '1' } },
    { LICENSE: MIT_TEXT },
  );
  pkg('node_modules/a/node_modules/d', { name: 'd', version: '2.0.0', license: '(MIT OR Apache-2.0)' });
  pkg('node_modules/d', { name: 'd', version: '1.0.0', license: 'BSD-3-Clause' });
  pkg('node_modules/p', { name: 'p', version: '1.0.0', license: 'ISC', dependencies: { d: '1' } });
  pkg('node_modules/no-field', { name: 'no-field', version: '3.0.0' }, { 'LICENSE.md': ISC_TEXT });
  pkg('node_modules/see-file', { name: 'see-file', version: '0.2.0', license: 'SEE LICENSE IN COPYING.txt' }, { 'COPYING.txt': GPL_TEXT });
  pkg('node_modules/dev-only', { name: 'dev-only', version: '9.0.0', license: 'GPL-3.0-only' });

  it('follows dependencies and peers as Node resolves them, each version once, and leaves devDependencies out', () => {
    const { packages } = checkProject(dir);
    expect(packages.map((p) => `${p.name}@${p.version} ${p.expression}`)).toEqual([
      'a@1.0.0 MIT',
      'd@1.0.0 BSD-3-Clause',
      'd@2.0.0 (MIT OR Apache-2.0)',
      'no-field@3.0.0 ISC',
      'p@1.0.0 ISC',
      'see-file@0.2.0 null',
    ]);
    // no package.json licence: the licence file's text names it
    expect(packages.find((p) => p.name === 'no-field')?.source).toBe('LICENSE.md');
  });

  it('fails the package whose "SEE LICENSE IN" file is not an allowed licence, naming it', () => {
    const { failures } = checkProject(dir);
    expect(failures).toEqual([
      {
        name: 'see-file',
        version: '0.2.0',
        licence: 'SEE LICENSE IN COPYING.txt; COPYING.txt reads as GNU GPL',
        why: 'not on the allow-list',
      },
    ]);
  });

  it('fails a required dependency that is not installed', () => {
    pkg('node_modules/p', { name: 'p', version: '1.0.0', license: 'ISC', dependencies: { d: '1', gone: '1' } });
    try {
      expect(checkProject(dir).failures.map((f) => f.name)).toContain('gone (needed by p@1.0.0)');
    } finally {
      pkg('node_modules/p', { name: 'p', version: '1.0.0', license: 'ISC', dependencies: { d: '1' } });
    }
  });

  it('writes each package with its licence text into the notices', () => {
    const text = noticesText(dir);
    expect(text).toContain('a 1.0.0\nLicence: MIT\n\nMIT License\n\nCopyright (c) 2020 Someone');
    expect(text).toContain('no-field 3.0.0\nLicence: ISC\n\nISC License');
    expect(text).toContain(
      'd 2.0.0\nLicence: (MIT OR Apache-2.0)\n\n(The package has no licence file; its package.json says (MIT OR Apache-2.0).)',
    );
  });
});

describe("Lantern's notices file", () => {
  it('is written by the notices command and lists react and express with their licence text', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'lantern-notices-')), 'THIRD_PARTY_NOTICES.txt');
    try {
      const r = spawnSync(process.execPath, [join(root, 'tools/licences.mjs'), 'notices', '--out', out], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const text = readFileSync(out, 'utf8');
      expect(text).toMatch(/^Third-party software in Lantern /);
      for (const name of ['react', 'express', 'lucide-react']) {
        const version = (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
        const at = text.indexOf(`\n${name} ${version}\nLicence: `);
        expect(at, `${name} ${version} in the notices`).toBeGreaterThan(0);
        const entry = text.slice(at, text.indexOf('\n----', at + 1));
        const licenceText = readFileSync(join(root, 'node_modules', name, 'LICENSE'), 'utf8').trim();
        expect(entry).toContain(licenceText.split('\n').slice(0, 3).join('\n'));
      }
      // the licence this change removed: PrimeIcons' is not open source
      expect(text).not.toContain('\nprimeicons ');
    } finally {
      rmSync(dirname(out), { recursive: true, force: true });
    }
  });

  it('is made by npm run build into out/ and shipped by the installers beside the app', () => {
    const pj = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
      build: { extraResources?: { from: string; to: string }[] };
    };
    expect(pj.scripts.build).toContain('node tools/licences.mjs notices --out out/THIRD_PARTY_NOTICES.txt');
    expect(pj.scripts.dist).toMatch(/npm run build && node tools\/licences.mjs check && electron-builder/);
    expect(pj.build.extraResources).toContainEqual({ from: 'out/THIRD_PARTY_NOTICES.txt', to: 'THIRD_PARTY_NOTICES.txt' });
  });
});
