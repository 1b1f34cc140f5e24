import pino, { type Logger } from 'pino';

/** The server's logger: JSON lines to stdout; tests run it silent. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'lantern' }, redact: ['req.headers.authorization', 'pass', 'password', 'smtp_password'] });
}
