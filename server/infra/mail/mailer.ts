import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { SmtpSettings } from '../../contract/api/site.js';

/** The SMTP settings as stored in config `email.config`: the shape GET setting/smtp answers with. */
export type SmtpConfig = SmtpSettings;

/** One mail to send. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

/** Where a mail went. */
export type Delivery = { via: 'smtp'; messageId: string } | { via: 'outbox'; file: string };

/** The http(s) links of a mail, each once, in order: from the text, then the HTML's hrefs. */
export function linksOf(mail: Pick<Mail, 'text' | 'html'>): string[] {
  const fromText = [...mail.text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0].replace(/[.,;:!?)\]]+$/, ''));
  const fromHtml = [...(mail.html ?? '').matchAll(/href="(https?:\/\/[^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...new Set([...fromText, ...fromHtml])];
}

/** The plain-text copy written beside an outbox .eml: who, what, the links whole, then the text. */
export function plainCopy(mail: Mail, date: Date): string {
  const links = linksOf(mail);
  return [
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${date.toISOString()}`,
    '',
    ...(links.length ? ['Links (copy one whole line into the browser):', ...links, ''] : []),
    mail.text,
    '',
  ].join('\n');
}

/**
 * Sends mail over the admin's SMTP settings; with no SMTP host it writes an .eml file into
 * the data dir's outbox, and beside it a .txt with the links whole (the .eml's quoted-printable
 * splits lines and writes = as =3D), so an offline admin can still hand out activation links.
 */
export class Mailer {
  constructor(
    private readonly outboxDir: string,
    private readonly loadSmtp: () => Promise<SmtpConfig>,
    private readonly logger: Logger,
  ) {}

  /** The outbox folder. */
  get outbox(): string {
    return this.outboxDir;
  }

  /** Sends one mail; throws when SMTP refuses it. */
  async send(mail: Mail, smtpOverride?: SmtpConfig): Promise<Delivery> {
    const smtp = smtpOverride ?? (await this.loadSmtp());
    const fromAddress = smtp.from_email || 'lantern@localhost';
    const from = smtp.from_name ? { name: smtp.from_name, address: fromAddress } : fromAddress;
    // nodemailer is loaded by the first mail, not at the server's start
    const { default: nodemailer } = await import('nodemailer');
    const message = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers };
    if (!smtp.smtp_host) {
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail(message);
      mkdirSync(this.outboxDir, { recursive: true, mode: 0o700 });
      const now = new Date();
      const base = join(this.outboxDir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`);
      const file = `${base}.eml`;
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      writeFileSync(`${base}.txt`, plainCopy(mail, now), { mode: 0o600 });
      // the file, never the address: a log line travels further than the outbox
      this.logger.info({ file }, 'mail written to outbox (no SMTP configured)');
      return { via: 'outbox', file };
    }
    const transport = nodemailer.createTransport({
      host: smtp.smtp_host,
      port: smtp.smtp_port,
      secure: smtp.encryption === 'SSL',
      requireTLS: smtp.encryption === 'TLS',
      ignoreTLS: smtp.encryption === '',
      auth: smtp.smtp_authentication && smtp.smtp_username ? { user: smtp.smtp_username, pass: smtp.smtp_password } : undefined,
      connectionTimeout: 10000,
      greetingTimeout: 10000,
      socketTimeout: 20000,
    });
    const info = await transport.sendMail(message);
    return { via: 'smtp', messageId: info.messageId };
  }

  /** Sends without failing the caller: errors are logged (used after a commit). */
  async sendQuietly(mail: Mail): Promise<void> {
    try {
      await this.send(mail);
    } catch (err) {
      this.logger.error({ err, subject: mail.subject }, 'mail delivery failed');
    }
  }
}
