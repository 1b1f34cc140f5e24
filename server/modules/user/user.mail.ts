import type { AppContext } from '../../app-context.js';
import { type LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';

/** The link base for mails: the site URL setting, else the request's origin. */
export async function linkBase(ctx: AppContext, origin: string): Promise<string> {
  const general = await ctx.settings.get('general');
  return (general.site_url || origin).replace(/\/+$/, '');
}

/** Sends one of the account mails (activation, password reset, change email) after commit. */
export async function sendAccountMail(
  ctx: AppContext,
  kind: 'activation' | 'password_reset' | 'change_email',
  to: string,
  url: string,
  lang: LanguageCode,
): Promise<void> {
  const site = (await ctx.settings.get('general')).name;
  await ctx.mailer.sendQuietly({
    to,
    subject: translate(lang, `mail.${kind}.subject`, { site }),
    text: translate(lang, `mail.${kind}.body`, { site, url }),
  });
}
