#!/usr/bin/env node
// `npm run serve -- --port 9080 --host 127.0.0.1 --data-dir DIR`: the headless server for LAN
// browsers. Builds when out/ is missing or older than the sources (a `git pull` since the last
// build), or when LANTERN_REBUILD=1, then runs the built server, starting it again when it dies.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildState, rebuildReason } from './build-freshness.mjs';
import { runSupervised } from './supervisor.mjs';

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'out/main/server.js');

// `npm run serve -- --help`: the serve command's help (server/cli), without building or starting anything
if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
  const help = spawnSync(process.execPath, [join(root, 'server/cli/bin.mjs'), 'serve', '--help'], { stdio: 'inherit' });
  process.exit(help.status ?? 1);
}

const state = buildState(root);
const reason = rebuildReason(state, process.env.LANTERN_REBUILD === '1');
if (reason) {
  process.stdout.write(`${reason}\n`);
  const b = spawnSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) {
    process.stderr.write('The build failed; see the output above.\n');
    process.exit(b.status ?? 1);
  }
} else {
  process.stdout.write(
    `Running the build of ${state.builtAt.toISOString()} (up to date with the sources; LANTERN_REBUILD=1 forces a rebuild).\n`,
  );
}

const { nodeFlags, env } = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8'));
// the server runs as a child that is started again when it dies (server/supervisor.mjs)
runSupervised([...nodeFlags, entry, ...process.argv.slice(2)], { ...env, ...process.env });
