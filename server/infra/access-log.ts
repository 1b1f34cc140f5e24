import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

/** One access-log line's fields (the `access` object of the JSON line). */
export interface AccessEntry {
  method: string;
  /** The path and query as asked; secret query values and addresses are masked on the line. */
  path: string;
  status: number;
  /** From the request's arrival to the response's last byte handed to the socket. */
  ms: number;
  /** Body bytes sent. */
  bytes: number;
  /** Set when the client went away before the response was complete. */
  aborted?: true;
}

function byteLength(chunk: unknown, encoding: unknown): number {
  if (chunk == null || typeof chunk === 'function') return 0;
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}

/**
 * The access log (--access-log, LANTERN_ACCESS_LOG=1): one info line per request when its response
 * ends: method, path, status, time and body bytes. Off by default; the logger masks secrets.
 */
export function accessLog(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    let bytes = 0;
    const write = res.write;
    const end = res.end;
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      bytes += byteLength(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response['write'];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      bytes += byteLength(chunk, rest[0]);
      return (end as (...a: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response['end'];
    let logged = false;
    const log = (aborted: boolean) => {
      if (logged) return;
      logged = true;
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      const entry: AccessEntry = {
        method: req.method,
        path: req.originalUrl,
        status: res.statusCode,
        ms,
        bytes,
        ...(aborted ? { aborted: true } : {}),
      };
      logger.info({ access: entry }, `${entry.method} ${entry.path} ${entry.status} ${ms} ms ${bytes} B${aborted ? ' (aborted)' : ''}`);
    };
    res.once('finish', () => log(false));
    res.once('close', () => log(!res.writableFinished));
    next();
  };
}
