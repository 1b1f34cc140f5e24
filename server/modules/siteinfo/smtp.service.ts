import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import type { SmtpSettings } from '../../contract/api/site.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { badRequest, fieldError } from '../../http/errors.js';
import type { SmtpConfig } from '../../infra/mail/mailer.js';
import { readConfigValue, writeConfigValue } from '../config/config.repository.js';
import { applyPrivileges, levelValues } from './privileges.js';
import type { privilegesSchema, smtpSchema } from './siteinfo.schema.js';

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The stored SMTP settings over the defaults. */
export async function readSmtp(ctx: AppContext): Promise<SmtpConfig> {
  const defaults: SmtpConfig = {
    from_email: '',
    from_name: '',
    smtp_host: '',
    smtp_port: 465,
    smtp_username: '',
    smtp_password: '',
    smtp_authentication: true,
    encryption: '',
  };
  try {
    return { ...defaults, ...(JSON.parse(await readConfigValue(ctx.db, 'email.config', '{}')) as Partial<SmtpConfig>) };
  } catch {
    return defaults;
  }
}

/** GET setting/smtp: the password shows as asterisks of its length. */
export async function maskedSmtp(ctx: AppContext): Promise<SmtpSettings> {
  const smtp = await readSmtp(ctx);
  return { ...smtp, smtp_password: '*'.repeat(smtp.smtp_password.length) };
}

/** PUT setting/smtp: saves the settings, then sends a test mail when a recipient is given. */
export async function saveSmtp(ctx: AppContext, input: z.infer<typeof smtpSchema>, lang: LanguageCode): Promise<void> {
  const { test_email_recipient, ...body } = input;
  if (EMAIL_LIKE.test(body.from_name)) throw fieldError('error.smtp.config_from_name_cannot_be_email', 'from_name');
  const old = await readSmtp(ctx);
  // a password of asterisks only is the masked value from GET: keep the stored one
  const password = body.smtp_password !== '' && /^\*+$/.test(body.smtp_password) ? old.smtp_password : body.smtp_password;
  const saved: SmtpConfig = { ...body, smtp_password: password };
  await writeConfigValue(ctx.db, 'email.config', JSON.stringify(saved));
  if (!test_email_recipient) return;
  const site = (await ctx.settings.get('general')).name;
  try {
    await ctx.mailer.send(
      {
        to: test_email_recipient,
        subject: translate(lang, 'mail.test.subject', { site }),
        text: translate(lang, 'mail.test.body', { site }),
      },
      saved,
    );
  } catch (err) {
    ctx.logger.warn({ err }, 'test mail failed');
    throw badRequest('error.email.send_failed', [], { err_type: 'alert' });
  }
}

/** PUT setting/privileges: the level (and a custom level's values) and the rules they set, together. */
export async function savePrivileges(ctx: AppContext, body: z.infer<typeof privilegesSchema>): Promise<void> {
  const values = levelValues(body.level, body.custom_privileges);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.put(
      'privileges',
      { level: body.level, custom_privileges: body.level === 99 ? [...values].map(([key, value]) => ({ key, value })) : undefined },
      trx,
    );
    await applyPrivileges(trx, values);
  });
  ctx.settings.invalidate();
  ctx.events.emit({ type: 'settings.changed', group: 'privileges' });
}
