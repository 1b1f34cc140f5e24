import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Mailer, type SmtpConfig } from './mailer.js';

const NO_SMTP: SmtpConfig = {
  from_email: 'team@example.com',
  from_name: 'Team',
  smtp_host: '',
  smtp_port: 25,
  smtp_username: '',
  smtp_password: '',
  smtp_authentication: false,
  encryption: '',
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lantern-outbox-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the outbox without SMTP', () => {
  it('writes a plain-text file beside each .eml with To, Subject and the links whole, ready to copy', async () => {
    const mailer = new Mailer(join(dir, 'outbox'), async () => NO_SMTP, pino({ level: 'silent' }));
    // long enough to be folded and with '=' that quoted-printable writes as =3D
    const link = `http://127.0.0.1:9080/users/account-activation?code=${'ab12'.repeat(16)}&lang=en_US`;
    const reset = 'http://127.0.0.1:9080/users/password-reset?code=zz99';
    const delivery = await mailer.send({
      to: 'new.member@example.com',
      subject: 'Activate your account on Team Q&A',
      text: `Welcome! Open ${link} to activate your account. Or reset: ${reset}.`,
      html: `<p>Welcome! <a href="${link.replace(/&/g, '&amp;')}">Activate</a> <a href="${reset}">Reset</a> <a href="${link.replace(/&/g, '&amp;')}">again</a></p>`,
    });
    expect(delivery.via).toBe('outbox');
    const files = readdirSync(join(dir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    const [eml, txt] = files;
    expect(eml).toMatch(/\.eml$/);
    expect(txt).toBe(eml.replace(/\.eml$/, '.txt'));
    // the .eml is not copyable as is
    expect(readFileSync(join(dir, 'outbox', eml), 'utf8')).not.toContain(link);
    const text = readFileSync(join(dir, 'outbox', txt), 'utf8');
    expect(text).toContain('To: new.member@example.com\n');
    expect(text).toContain('Subject: Activate your account on Team Q&A\n');
    const lines = text.split('\n');
    expect(lines).toContain(link);
    expect(lines).toContain(reset);
    // each link once, on a line of its own, before the body
    expect(lines.filter((l) => l === link)).toHaveLength(1);
    expect(text.indexOf(link)).toBeLessThan(text.indexOf('Welcome!'));
    expect(text).toContain(`Welcome! Open ${link} to activate your account.`);
  });
});
