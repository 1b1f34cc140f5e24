/** How the server's log lines are written to stdout: one JSON object a line, or one readable line an event. */
export type LogFormat = 'json' | 'pretty';

/** The format when none is asked for: readable on a terminal, JSON into a pipe or a file. */
export function defaultLogFormat(stdoutIsTty = !!process.stdout.isTTY): LogFormat {
  return stdoutIsTty ? 'pretty' : 'json';
}

/** A log format from a flag or the environment (unset: undefined); anything else is refused. */
export function logFormatFrom(raw: string | undefined): LogFormat | undefined {
  const value = raw?.trim().toLowerCase() ?? '';
  if (value === '') return undefined;
  if (value !== 'json' && value !== 'pretty') throw new Error(`--log-format takes json or pretty, not ${raw}`);
  return value;
}
