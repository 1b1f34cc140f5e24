import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs module without types
import { detectElectron, headlessNotice } from './electron-detect.mjs';

describe('electron detection for npm start', () => {
  let dir = '';
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** An electron package folder as npm leaves it; `binary` adds path.txt and dist/<binary>. */
  function fakePackage(binary?: string) {
    dir = mkdtempSync(join(tmpdir(), 'lantern-electron-'));
    writeFileSync(join(dir, 'package.json'), '{"name":"electron"}');
    if (binary) {
      writeFileSync(join(dir, 'path.txt'), binary);
      mkdirSync(join(dir, 'dist'));
      writeFileSync(join(dir, 'dist', binary), '');
    }
    return dir;
  }

  it('reports a package whose binary was never downloaded plainly, without loading it', () => {
    const pkg = fakePackage();
    // the package's own index.js would throw "failed to install correctly, please delete node_modules/electron"
    writeFileSync(join(pkg, 'index.js'), 'throw new Error("Electron failed to install correctly, please delete node_modules/electron")');
    const r = detectElectron({ env: {}, packageDir: () => pkg });
    expect(r).toEqual({ ok: false, reason: "Electron's binary was not downloaded when the packages were installed" });
    expect(JSON.stringify(r)).not.toContain('delete node_modules');
  });

  it('finds the binary the package names in path.txt', () => {
    const pkg = fakePackage('electron');
    expect(detectElectron({ env: {}, packageDir: () => pkg })).toEqual({ ok: true, path: join(pkg, 'dist', 'electron') });
  });

  it('reports a binary named but deleted, a missing package, and a wrong ELECTRON_PATH', () => {
    const pkg = fakePackage('electron');
    rmSync(join(pkg, 'dist'), { recursive: true });
    expect(detectElectron({ env: {}, packageDir: () => pkg })).toEqual({
      ok: false,
      reason: `Electron's binary is missing (${join(pkg, 'dist', 'electron')})`,
    });
    expect(detectElectron({ env: {}, packageDir: () => null })).toEqual({ ok: false, reason: 'the electron package is not installed' });
    expect(detectElectron({ env: { ELECTRON_PATH: '/nowhere/electron' } })).toEqual({
      ok: false,
      reason: 'ELECTRON_PATH /nowhere/electron does not exist',
    });
  });

  it('accepts an existing ELECTRON_PATH or override folder', () => {
    expect(detectElectron({ env: { ELECTRON_PATH: process.execPath } })).toEqual({ ok: true, path: process.execPath });
    const pkg = fakePackage('electron');
    expect(detectElectron({ env: { ELECTRON_OVERRIDE_DIST_PATH: join(pkg, 'dist') }, packageDir: () => pkg })).toEqual({
      ok: true,
      path: join(pkg, 'dist', 'electron'),
    });
  });

  it('tells the user the window is unavailable and the browser URL follows', () => {
    const text = headlessNotice("Electron's binary was not downloaded when the packages were installed");
    expect(text.split('\n')[0]).toBe(
      "The desktop window is not available here: Electron's binary was not downloaded when the packages were installed.",
    );
    expect(text).toContain('open the URL printed below in a browser');
    expect(text).not.toMatch(/failed to install correctly|delete node_modules/);
  });
});
