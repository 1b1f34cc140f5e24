// The supervisor of `npm run serve` / `lantern serve`: runs the server as a child process and starts
// it again when it dies (out of memory, a crash, a kill), waiting longer after each quick death:
// 1 s, 2 s, 4 s ... at most 30 s, back to 1 s once a process has run for a minute. SIGINT or SIGTERM
// stops the server and the supervisor, without a restart. Plain JavaScript: it runs before any build.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import envPaths from 'env-paths';

/** A process that ran this long was healthy: the next death waits 1 s again. */
export const HEALTHY_RUN_MS = 60_000;
/** The longest wait before a start. */
export const MAX_RESTART_DELAY_MS = 30_000;
/** How long a stopping server may take before it is killed. */
const STOP_GRACE_MS = 20_000;
/** Tells the server it runs under this supervisor (not a desktop shell, which manages it more closely). */
export const SUPERVISED_ENV = 'LANTERN_SUPERVISED';

/**
 * The wait before the start that follows the nth quick death in a row (n from 1): 1 s, 2 s, 4 s, 8 s,
 * 16 s, then 30 s.
 * @param {number} n
 * @returns {number} milliseconds
 */
export function restartDelay(n) {
  return Math.min(1000 * 2 ** Math.max(0, n - 1), MAX_RESTART_DELAY_MS);
}

/** One process's deaths in a row; the cluster primary keeps one per server process. */
export class RestartBackoff {
  deaths = 0;
  /**
   * Counts a death and returns the wait before the next start (ms).
   * @param {number} ranMs how long the process that died had run
   */
  next(ranMs) {
    this.deaths = ranMs >= HEALTHY_RUN_MS ? 1 : this.deaths + 1;
    return restartDelay(this.deaths);
  }
}

/**
 * How a process ended, for a log line: "signal SIGKILL" or "exit code 1".
 * @param {number | null} code
 * @param {string | null} signal
 */
export function describeExit(code, signal) {
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * @param {number} ms
 */
function seconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Runs `start()`'s process and starts it again when it dies. A server that never served (bad flags, a
 * taken port at the first start, a broken build) is not started again: the supervisor ends with its
 * exit code. One that stops by itself with code 0 ends the supervisor too.
 * @param {{ start: () => import('node:child_process').ChildProcess, log: (line: string) => void }} opts
 * @returns {{ stop: (signal: NodeJS.Signals) => void, done: Promise<number> }}
 */
export function supervise({ start, log }) {
  const backoff = new RestartBackoff();
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  let stopping = false;
  let served = false;
  /** @type {(code: number) => void} */
  let finish = () => {};
  const done = new Promise((resolve) => (finish = resolve));

  const launch = () => {
    timer = null;
    if (stopping) return finish(0);
    const startedAt = Date.now();
    const c = start();
    child = c;
    if (c.pid !== undefined) log(`lantern: server process ${c.pid} started\n`);
    c.on('error', (err) => {
      log(`lantern: ${err.message}\n`);
      // not even started (no exit will follow)
      if (c.pid === undefined) finish(1);
    });
    c.on('message', (m) => {
      if (m && typeof m === 'object' && /** @type {{ type?: unknown }} */ (m).type === 'lantern:ready') served = true;
    });
    c.on('exit', (code, signal) => {
      child = null;
      if (stopping) return finish(0);
      if (!served) {
        log(`lantern: the server stopped (${describeExit(code, signal)}) before it served; not starting it again\n`);
        return finish(code || 1);
      }
      if (code === 0 && !signal) return finish(0);
      const wait = backoff.next(Date.now() - startedAt);
      log(`lantern: the server stopped (${describeExit(code, signal)}); starting it again in ${seconds(wait)}\n`);
      timer = setTimeout(launch, wait);
    });
  };

  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!child) return finish(0);
    const c = child;
    const kill = setTimeout(() => c.kill('SIGKILL'), STOP_GRACE_MS);
    kill.unref();
    c.kill(signal);
  };

  launch();
  return { stop, done };
}

/**
 * The log file the server writes for these flags and environment, as server/config.ts decides it
 * (--log-file, LANTERN_LOG_FILE, else <data dir>/logs/lantern.log; off: none): the supervisor's own
 * lines (a death, a restart) go there too.
 * @param {string[]} argv the server's flags
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function serverLogFile(argv, env = process.env) {
  const { values } = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, 'log-file': { type: 'string' } }, strict: false });
  const raw = String(values['log-file'] ?? env.LANTERN_LOG_FILE ?? '').trim();
  if (/^(off|0|none|false)$/i.test(raw)) return null;
  if (raw) return resolve(raw);
  const dataDir = String(values['data-dir'] ?? env.LANTERN_DATA_DIR ?? envPaths('lantern', { suffix: '' }).data);
  return join(resolve(dataDir), 'logs', 'lantern.log');
}

/**
 * A supervisor's log: each line to stderr, and as a JSON line (the server's own form) into `file`.
 * @param {string | null} file
 * @returns {(line: string) => void}
 */
export function supervisorLog(file) {
  return (line) => {
    process.stderr.write(line);
    if (!file) return;
    const msg = line.trim().replace(/^lantern: /, '');
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      // a start is news (info), a death or a refusal a warning
      const level = /^server process \d+ started$/.test(msg) ? 30 : 40;
      appendFileSync(file, `${JSON.stringify({ level, time: Date.now(), pid: process.pid, app: 'lantern', msg })}\n`, { mode: 0o600 });
    } catch {
      // the terminal still has the line
    }
  };
}

/**
 * Runs `node <args>` (the built server and its flags) under supervision until SIGINT or SIGTERM,
 * then exits: what `npm run serve` does once its build is current.
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
export function runSupervised(args, env = process.env) {
  const { stop, done } = supervise({
    start: () =>
      spawn(process.execPath, args, {
        // an IPC channel tells the supervisor that the server serves; stdio is the terminal's
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        env: { ...env, [SUPERVISED_ENV]: '1' },
      }),
    log: supervisorLog(serverLogFile(args, env)),
  });
  for (const sig of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(sig, () => stop(sig));
  void done.then((code) => process.exit(code));
}
