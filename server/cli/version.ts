import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Lantern's version, from the package.json above this module: server/cli/ in a source checkout,
 * out/main/ (or a chunk folder below it) once built.
 */
export function lanternVersion(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'lantern' && pkg.version) return pkg.version;
    }
    dir = dirname(dir);
  }
  return 'unknown';
}
