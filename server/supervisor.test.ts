// `npm run serve` supervises its server: a server process that dies (SIGKILL, as the kernel's
// out-of-memory killer sends) is started again after a backoff, and SIGINT/SIGTERM stops everything.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/e2e-server.js';
import { describeExit, HEALTHY_RUN_MS, RestartBackoff, restartDelay } from './supervisor.mjs';

const supervisor = fileURLToPath(new URL('./supervisor.mjs', import.meta.url));
const entry = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Polls until `check` holds (a condition, never a fixed sleep), at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

describe('the restart backoff', () => {
  it('waits 1 s, 2 s, 4 s ... at most 30 s while a process keeps dying, and 1 s again after a healthy minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    const b = new RestartBackoff();
    expect([b.next(50), b.next(3000), b.next(100), b.next(10)]).toEqual([1000, 2000, 4000, 8000]);
    expect(b.next(HEALTHY_RUN_MS)).toBe(1000);
    expect(b.next(10)).toBe(2000);
    expect(describeExit(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(describeExit(137, null)).toBe('exit code 137');
  });
});

describe('npm run serve under its supervisor', () => {
  let sup: ChildProcess | null = null;
  let dataDir = '';
  afterEach(() => {
    if (sup && sup.exitCode === null && sup.signalCode === null) sup.kill('SIGKILL');
    sup = null;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts a server that was SIGKILLed again, logs why, and stops everything on SIGTERM', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lantern-supervised-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // what server/serve.mjs runs once its build is current, here on the sources through tsx
    const script = `import { runSupervised } from ${JSON.stringify(supervisor)};
runSupervised(['--import', 'tsx', ${JSON.stringify(entry)}, '--port', '${port}', '--host', '127.0.0.1', '--data-dir', ${JSON.stringify(dataDir)}]);`;
    sup = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LANTERN_LOG_LEVEL: 'warn' },
    });
    let log = '';
    sup.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    sup.stdout!.on('data', () => {});
    const exited = new Promise<number | null>((resolve) => sup!.on('exit', (code) => resolve(code)));
    const pids = () => [...log.matchAll(/server process (\d+) started/g)].map((m) => Number(m[1]));

    await until(() => healthy(base));
    const [first] = pids();
    expect(first).toBeGreaterThan(0);

    process.kill(first, 'SIGKILL');
    await until(() => /the server stopped \(signal SIGKILL\); starting it again in 1 s/.test(log));
    await until(() => pids().length === 2);
    const second = pids()[1];
    expect(second).not.toBe(first);
    await until(() => healthy(base));
    expect(alive(first)).toBe(false);

    sup.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(alive(second)).toBe(false);
    expect(await healthy(base)).toBe(false);
    // stopped on request: no restart announced after the kill's
    expect(log.match(/starting it again/g)).toHaveLength(1);
  }, 120_000);

  it('does not start again a server that never served (a bad flag), and ends with its exit code', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lantern-supervised-'));
    const script = `import { runSupervised } from ${JSON.stringify(supervisor)};
runSupervised(['--import', 'tsx', ${JSON.stringify(entry)}, '--port', 'not-a-port', '--data-dir', ${JSON.stringify(dataDir)}]);`;
    sup = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    sup.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    sup.stdout!.on('data', () => {});
    const code = await new Promise<number | null>((resolve) => sup!.on('exit', (c) => resolve(c)));
    expect(code).toBe(1);
    expect(log).toContain('before it served; not starting it again');
    expect(log.match(/server process \d+ started/g)).toHaveLength(1);
  }, 60_000);
});
