/**
 * Headless entry (npm run serve, the desktop's server process): flags and environment -> one server
 * process, or with --processes N a primary that forks N of them (server/cluster.ts). The primary
 * loads no more than it needs: the server itself is imported only where it runs.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, loadDesktopConfig } from './config.js';
import { runPrimary } from './cluster.js';
import { SUPERVISED_ENV } from './supervisor.mjs';

/**
 * Where the built renderer sits relative to this entry once built (out/main/server.js ->
 * out/renderer): found here, not in the server's own module, which the build puts in a chunk folder.
 */
function defaultRendererDir(): string | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [resolve(here, '../renderer'), resolve(here, '../out/renderer'), resolve(here, '../../out/renderer')];
  return candidates.find((d) => existsSync(join(d, 'index.html'))) ?? null;
}

// a plain child process talks over process.send; an Electron utilityProcess over parentPort
const parentPort = (
  process as unknown as { parentPort?: { postMessage(m: unknown): void; on(e: 'message', l: (ev: { data: unknown }) => void): void } }
).parentPort;
const reply = (m: unknown) => {
  if (process.send) process.send(m);
  parentPort?.postMessage(m);
};

// a server whose supervisor is gone (killed) stops too, rather than serving on with no one to restart it
if (process.env[SUPERVISED_ENV] === '1') process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

async function main(): Promise<void> {
  // the desktop shell (an Electron utilityProcess) runs, rebinds and backs up one server process
  const flags = parentPort ? loadDesktopConfig(process.argv.slice(2)) : loadConfig();
  const parsed = { ...flags, rendererDir: flags.rendererDir ?? defaultRendererDir() };
  if (parsed.processes > 1 && cluster.isPrimary) {
    const code = await runPrimary(parsed.processes, reply, (line) => process.stderr.write(line));
    process.exit(code);
  }
  const { serveProcess } = await import('./serve-process.js');
  await serveProcess(parsed, { parentPort, reply });
}

main().catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`lantern failed to start: ${message}\n`);
  // the desktop shell tells the user why (a taken port) when it falls back to another binding
  const failed = { type: 'lantern:start-failed', error: message };
  parentPort?.postMessage(failed);
  if (process.send) process.send(failed, () => process.exit(1));
  else setImmediate(() => process.exit(1));
});
