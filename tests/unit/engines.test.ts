import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// semver comes with npm's tree (node-abi, electron-builder, ...); the check only needs satisfies/minVersion
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};
const root = new URL('../../', import.meta.url);
const readJson = (name: string) => JSON.parse(readFileSync(new URL(name, root), 'utf8'));

describe('the locked dependencies', () => {
  it('all run on the oldest Node the project declares (npm install prints no EBADENGINE)', () => {
    const declared: string = readJson('package.json').engines.node;
    const oldest = semver.minVersion(declared)!.version;
    const packages: Record<string, { version?: string; engines?: { node?: string } | string[] }> = readJson('package-lock.json').packages;
    const misfits = Object.entries(packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node && !semver.satisfies(oldest, p.engines.node))
      .map(([path, p]) => `${path}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(misfits, `declared node ${declared}`).toEqual([]);
  });
});
