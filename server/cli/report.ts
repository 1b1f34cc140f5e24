import type { CliIo } from './progress.js';

/** A failure the CLI reports in one line and exits 1 with (no stack trace); `data` goes into its --json object. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * How a command reports. Without --json: its sentences on stdout. With --json: one JSON object on
 * stdout ({ok: true, command, ...}) and nothing else there; progress and notes go to stderr.
 */
export interface Reporter {
  /** Where the command's progress and notes go: stdout's text goes to stderr under --json. */
  readonly io: CliIo;
  readonly json: boolean;
  /** The command's result: `text` for people, `data` for scripts. */
  done(text: string, data: Record<string, unknown>): void;
}

/** The reporter of `command` (its --json option). */
export function reporter(io: CliIo, command: string, json: boolean | undefined): Reporter {
  if (!json) return { io, json: false, done: (text) => io.out(text) };
  return {
    io: { out: io.err, err: io.err, tty: io.tty },
    json: true,
    done: (_text, data) => io.out(`${JSON.stringify({ ok: true, command, ...data })}\n`),
  };
}

/** The --json object of a failed command: {ok: false, command, error: {code, message}, ...data}. */
export function failureJson(command: string, code: 'failed' | 'usage', message: string, data: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ ok: false, command, error: { code, message }, ...data })}\n`;
}
