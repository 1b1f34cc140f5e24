import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary folders named `<prefix>…`, each removed after the test that made (or tracked) it. Call it
 * at a file's top level before the file's own afterEach hooks: vitest runs after-hooks last-registered
 * first, so an app a hook stops is closed before its data dir goes.
 */
export function tempDirs(prefix: string): { tempDir(): string; track(dir: string): void } {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  return {
    tempDir() {
      const d = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
    track(dir) {
      dirs.push(dir);
    },
  };
}
