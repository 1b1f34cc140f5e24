import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain .mjs module without types
import { buildState, rebuildReason } from './build-freshness.mjs';

describe('whether npm run serve rebuilds', () => {
  let root = '';
  const BUILT = new Date('2026-01-02T10:00:00Z');
  const write = (rel: string, at: Date) => {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, at, at);
  };
  const minutes = (n: number) => new Date(BUILT.getTime() + n * 60_000);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lantern-build-'));
    write('server/app.ts', minutes(-60));
    write('src-renderer/pages/Home/Home.tsx', minutes(-30));
    write('out/main/server.js', BUILT);
    write('out/renderer/index.html', minutes(1));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('runs a build newer than every source as it is, saying which build runs', () => {
    const s = buildState(root);
    expect(s).toEqual({ state: 'fresh', builtAt: BUILT });
    expect(rebuildReason(s)).toBeNull();
    expect(rebuildReason(s, true)).toBe('Rebuilding Lantern (LANTERN_REBUILD=1)...');
  });

  it('rebuilds after a pull changed a source, naming it', () => {
    write('src-renderer/pages/Home/Home.tsx', minutes(5));
    const s = buildState(root);
    expect(s).toEqual({ state: 'stale', changed: 'src-renderer/pages/Home/Home.tsx', builtAt: BUILT });
    expect(rebuildReason(s)).toBe(
      'Rebuilding Lantern: the sources changed since the build of 2026-01-02T10:00:00.000Z (e.g. src-renderer/pages/Home/Home.tsx)...',
    );
  });

  it('counts the build configuration and dependencies, not tests, notes or the launcher itself', () => {
    for (const f of ['server/app.test.ts', 'src-renderer/x.test.tsx', 'server/README.md', 'server/serve.mjs', 'server/build-freshness.mjs'])
      write(f, minutes(5));
    expect(buildState(root).state).toBe('fresh');
    write('package-lock.json', minutes(5));
    expect(buildState(root)).toMatchObject({ state: 'stale', changed: 'package-lock.json' });
  });

  it('builds when an output is missing', () => {
    rmSync(join(root, 'out/renderer/index.html'));
    const s = buildState(root);
    expect(s).toEqual({ state: 'missing', output: 'out/renderer/index.html' });
    expect(rebuildReason(s)).toBe('Building Lantern (first run: no out/renderer/index.html)...');
  });
});
