import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Builds the app when out/ is missing or LANTERN_E2E_BUILD=1 (npm test builds right before). */
export default function globalSetup(): void {
  if (process.env.LANTERN_E2E_BUILD === '1' || !existsSync(`${root}/out/main/server.js`) || !existsSync(`${root}/out/renderer/index.html`)) {
    const r = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
}
