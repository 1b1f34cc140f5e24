import { appendFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Writable } from 'node:stream';
import pino, { type DestinationStream, type Logger } from 'pino';
import { createStream, type RotatingFileStream } from 'rotating-file-stream';
import { maskSecrets } from './log-mask.js';
import type { LogFormat } from './log-options.js';

export type { LogFormat } from './log-options.js';

/** Where and how a logger writes. */
export interface LogOutput {
  /** stdout's format (default json). */
  format?: LogFormat;
  /** Also write JSON lines to this file, rotated (LOG_FILE_SIZE, LOG_FILE_COUNT files in all); null: no file. */
  file?: string | null;
  /** Rotate the file at this size (default LOG_FILE_SIZE; tests make it small). */
  fileSize?: `${number}${'B' | 'K' | 'M'}`;
  /** Whether stdout gets lines at all (default true). */
  stdout?: boolean;
  /** Instead of stdout (tests). */
  destination?: DestinationStream;
}

/** A log file is rotated at this size... */
export const LOG_FILE_SIZE = '10M';
/** ...and this many files are kept: lantern.log and lantern.log.1 ... lantern.log.4 (the oldest). */
export const LOG_FILE_COUNT = 5;

/**
 * Fields whose values never reach a line: passwords, tokens, codes, email addresses, cookies.
 * Anything else that looks like an address or a token is masked by `maskSecrets` on the whole line.
 */
export const REDACTED_PATHS = [
  'pass',
  'password',
  'smtp_password',
  'smtp_username',
  'token',
  'access_token',
  'code',
  'email',
  'e_mail',
  'to',
  '*.pass',
  '*.password',
  '*.token',
  '*.access_token',
  '*.email',
  '*.e_mail',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
];

/** Log files of this process, for a line about an uncaught exception (written at once: the process is ending). */
const crashFiles = new Set<string>();
let crashHookSet = false;

function onUncaught(err: Error, origin: string): void {
  const line = maskSecrets(
    `${JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, app: 'lantern', origin, err: { type: err?.name, message: err?.message, stack: err?.stack }, msg: 'the server process crashed' })}\n`,
  );
  for (const file of crashFiles) {
    try {
      appendFileSync(file, line, { mode: 0o600 });
    } catch {
      /* nothing more to do in a dying process */
    }
  }
}

/** Readable lines for a terminal: time, level, message and the other fields on one line. */
function prettyStream(colorize: boolean): DestinationStream {
  // loaded only for a terminal
  const { prettyFactory } = createRequire(import.meta.url)('pino-pretty') as typeof import('pino-pretty');
  const pretty = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:yyyy-mm-dd HH:MM:ss.l',
    // the process and host are the same on every line; an access line's fields are its message
    ignore: 'pid,hostname,app,access',
  });
  return { write: (line: string) => void process.stdout.write(pretty(line)) };
}

function rotatingFile(file: string, size: string): RotatingFileStream {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const stream = createStream(file, { size, rotate: LOG_FILE_COUNT - 1, mode: 0o600 });
  // a full disk or a removed folder must not stop the server: the terminal still gets the lines
  stream.on('error', (err) => process.stderr.write(`lantern: the log file ${file} failed: ${err.message}\n`));
  stream.on('warning', () => {});
  return stream;
}

/** A logger and the files it writes, which `close` ends (an app's close() ends with it). */
export interface OpenLogger {
  readonly logger: Logger;
  /** Writes out what is pending and closes the log file; later calls do nothing. */
  close(): Promise<void>;
}

/** Ends the rotating files, once each has written out what is pending. */
async function endFiles(files: RotatingFileStream[]): Promise<void> {
  await Promise.all(
    files.map(
      (f) =>
        new Promise<void>((resolve) => {
          if (f.destroyed || f.writableFinished) return resolve();
          f.once('finish', () => resolve());
          f.once('error', () => resolve());
          f.end();
        }),
    ),
  );
}

/**
 * The server's logger. On stdout: JSON lines, or readable ones on a terminal (`format: 'pretty'`);
 * with `file`, JSON lines into a rotating file too. Every line has its secrets masked first
 * (REDACTED_PATHS, then `maskSecrets`: email addresses, bearer tokens, long hex tokens, a URL's codes).
 */
export function openLogger(level: string, out: LogOutput = {}): OpenLogger {
  const options = {
    level,
    base: { app: 'lantern' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    hooks: { streamWrite: maskSecrets },
  };
  if (level === 'silent') return { logger: pino(options), close: async () => {} };
  const streams: pino.StreamEntry[] = [];
  const files: RotatingFileStream[] = [];
  if (out.destination) streams.push({ level: 'trace', stream: out.destination });
  else if (out.stdout !== false)
    streams.push({
      level: 'trace',
      stream: out.format === 'pretty' ? prettyStream(!!process.stdout.isTTY && !process.env.NO_COLOR) : pino.destination(1),
    });
  if (out.file) {
    const file = rotatingFile(out.file, out.fileSize ?? LOG_FILE_SIZE);
    files.push(file);
    streams.push({ level: 'trace', stream: file as unknown as DestinationStream });
    crashFiles.add(out.file);
    if (!crashHookSet) {
      crashHookSet = true;
      process.on('uncaughtExceptionMonitor', onUncaught);
    }
  }
  let closed = false;
  return {
    logger: pino(options, pino.multistream(streams)),
    async close() {
      if (closed) return;
      closed = true;
      if (out.file) crashFiles.delete(out.file);
      await endFiles(files);
    },
  };
}

/** The file a server process writes: process 0 (or the only one) the given file, process n lantern-n.log beside it. */
export function logFileOfProcess(file: string, index: number, size: number): string {
  if (size <= 1 || index === 0) return file;
  return file.replace(/(\.log)?$/, `-${index}$1`);
}

/** A writable that collects lines (tests). */
export function collectingStream(lines: string[]): DestinationStream & Writable {
  return new Writable({
    write(chunk: Buffer | string, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
}
