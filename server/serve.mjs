#!/usr/bin/env node
// `npm run serve -- --port 9080 --host 127.0.0.1 --data-dir DIR`: the headless server for LAN
// browsers. Builds once when out/ is missing (or LANTERN_REBUILD=1), then runs the built server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'out/main/server.js');
const ui = join(root, 'out/renderer/index.html');

if (process.env.LANTERN_REBUILD === '1' || !existsSync(entry) || !existsSync(ui)) {
  process.stdout.write('Building Lantern (first run)...\n');
  const b = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) {
    process.stderr.write('The build failed; see the output above.\n');
    process.exit(b.status ?? 1);
  }
}

const { nodeFlags } = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8'));
const child = spawn(process.execPath, [...nodeFlags, entry, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
