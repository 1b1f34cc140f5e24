import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareTemplates } from './e2e-server';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the app when out/ is missing or LANTERN_E2E_BUILD=1 (npm test builds right before), then
 * prepares the template databases every spec's server starts from (migrated; migrated and installed)
 * and hands their folder to the workers in LANTERN_E2E_TEMPLATES. Returns the teardown that removes them.
 */
export default async function globalSetup(): Promise<() => void> {
  if (
    process.env.LANTERN_E2E_BUILD === '1' ||
    !existsSync(`${root}/out/main/server.js`) ||
    !existsSync(`${root}/out/renderer/index.html`)
  ) {
    const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  const dir = mkdtempSync(join(tmpdir(), 'lantern-e2e-templates-'));
  await prepareTemplates(dir);
  process.env.LANTERN_E2E_TEMPLATES = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
