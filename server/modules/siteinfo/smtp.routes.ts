import type { AppContext } from '../../app-context.js';
import { translate } from '../../contract/messages/index.js';
import { auth } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { inputOf, validate } from '../../http/validate.js';
import type { SmtpConfig } from '../../infra/mail/mailer.js';
import { readConfigValue, writeConfigValue } from '../config/config.repository.js';
import type { Routers } from '../index.js';
import { applyPrivileges, levelValues, privilegeOptions } from './privileges.js';
import { privilegesSchema, smtpSchema } from './siteinfo.schema.js';

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function readSmtp(ctx: AppContext): Promise<SmtpConfig> {
  const defaults: SmtpConfig = { from_email: '', from_name: '', smtp_host: '', smtp_port: 465, smtp_username: '', smtp_password: '', smtp_authentication: true, encryption: '' };
  try {
    return { ...defaults, ...(JSON.parse(await readConfigValue(ctx.db, 'email.config', '{}')) as Partial<SmtpConfig>) };
  } catch {
    return defaults;
  }
}

/** GET/PUT setting/smtp (password masked, test mail) and GET/PUT setting/privileges. */
export function registerSettings(ctx: AppContext, { admin }: Routers): void {
  admin.get('/setting/smtp', auth(ctx, 'admin'), async (_req, res) => {
    const smtp = await readSmtp(ctx);
    ok(res, { ...smtp, smtp_password: '*'.repeat(smtp.smtp_password.length) });
  });
  admin.put('/setting/smtp', auth(ctx, 'admin'), validate(smtpSchema), async (req, res) => {
    const { test_email_recipient, ...body } = inputOf(smtpSchema, res);
    if (EMAIL_LIKE.test(body.from_name)) throw fieldError('error.smtp.config_from_name_cannot_be_email', 'from_name');
    const old = await readSmtp(ctx);
    // a password of asterisks only is the masked value from GET: keep the stored one
    const password = body.smtp_password !== '' && /^\*+$/.test(body.smtp_password) ? old.smtp_password : body.smtp_password;
    const saved: SmtpConfig = { ...body, smtp_password: password };
    await writeConfigValue(ctx.db, 'email.config', JSON.stringify(saved));
    if (test_email_recipient) {
      const lang = requestLanguage(req);
      const site = (await ctx.settings.get('general')).name;
      try {
        await ctx.mailer.send({ to: test_email_recipient, subject: translate(lang, 'mail.test.subject', { site }), text: translate(lang, 'mail.test.body', { site }) }, saved);
      } catch (err) {
        ctx.logger.warn({ err }, 'test mail failed');
        throw badRequest('error.email.send_failed', [], { err_type: 'alert' });
      }
    }
    ok(res, null);
  });
  admin.get('/setting/privileges', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, privilegeOptions(await ctx.settings.get('privileges')));
  });
  admin.put('/setting/privileges', auth(ctx, 'admin'), validate(privilegesSchema), async (_req, res) => {
    const body = inputOf(privilegesSchema, res);
    const values = levelValues(body.level, body.custom_privileges);
    await ctx.db.transaction().execute(async (trx) => {
      await ctx.settings.put('privileges', { level: body.level, custom_privileges: body.level === 99 ? [...values].map(([key, value]) => ({ key, value })) : undefined }, trx);
      await applyPrivileges(trx, values);
    });
    ok(res, null);
  });
}
