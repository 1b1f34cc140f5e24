// Types of server/supervisor.mjs (plain JavaScript, run before any build) for the TypeScript that imports it.
import type { ChildProcess } from 'node:child_process';

/** A process that ran this long was healthy: the next death waits 1 s again. */
export declare const HEALTHY_RUN_MS: number;
/** The longest wait before a start. */
export declare const MAX_RESTART_DELAY_MS: number;
/** Tells the server it runs under the supervisor (not a desktop shell). */
export declare const SUPERVISED_ENV: 'LANTERN_SUPERVISED';
/** The wait (ms) before the start that follows the nth quick death in a row: 1 s, 2 s, 4 s ... 30 s. */
export declare function restartDelay(n: number): number;
/** One process's deaths in a row. */
export declare class RestartBackoff {
  deaths: number;
  /** Counts a death of a process that ran `ranMs`; returns the wait before the next start (ms). */
  next(ranMs: number): number;
}
/** "signal SIGKILL" or "exit code 1". */
export declare function describeExit(code: number | null, signal: string | null): string;
/** Runs `start()`'s process, starting it again when it dies, until stopped. */
export declare function supervise(opts: { start: () => ChildProcess; log: (line: string) => void }): {
  stop: (signal: NodeJS.Signals) => void;
  done: Promise<number>;
};
/** The server's log file for these flags and environment (--log-file, LANTERN_LOG_FILE, else <data dir>/logs/lantern.log), or null. */
export declare function serverLogFile(argv: string[], env?: NodeJS.ProcessEnv): string | null;
/** Each line to stderr, and as a JSON line into `file`. */
export declare function supervisorLog(file: string | null): (line: string) => void;
/** Runs `node <args>` under supervision until SIGINT or SIGTERM, then exits. */
export declare function runSupervised(args: string[], env?: NodeJS.ProcessEnv): void;
