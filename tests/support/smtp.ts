import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the capture server received. */
export interface CapturedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
export interface SmtpCapture {
  port: number;
  mails: CapturedMail[];
  /** Waits for the n-th mail (1-based) addressed to `to`. */
  waitFor(to: string, n?: number, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** Starts the capture server on an ephemeral port. */
export async function startSmtp(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    async waitFor(to, n = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.includes(to.toLowerCase()));
        if (found.length >= n) return found[n - 1];
        if (Date.now() > deadline) throw new Error(`no mail #${n} to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text whose path contains `path`, with quoted-printable undone. */
export function linkIn(raw: string, path: string): URL {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const m = text.match(new RegExp(`https?://[^\\s"'<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"'<>]*`));
  if (!m) throw new Error(`no link with ${path} in mail`);
  return new URL(m[0]);
}
