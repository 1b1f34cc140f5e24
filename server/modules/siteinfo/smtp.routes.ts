import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok, requestLanguage } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { privilegeOptions } from './privileges.js';
import { privilegesSchema, smtpSchema } from '../../contract/requests/siteinfo.js';
import { maskedSmtp, savePrivileges, saveSmtp } from './smtp.service.js';

/** GET/PUT setting/smtp (password masked, test mail) and GET/PUT setting/privileges. */
export function registerSettings(ctx: AppContext, routers: Routers): void {
  const { admin } = typed(routers);
  admin.get('/setting/smtp', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, await maskedSmtp(ctx));
  });
  admin.put('/setting/smtp', auth(ctx, 'admin'), validate(smtpSchema), async (req, res) => {
    await saveSmtp(ctx, inputOf(smtpSchema, res), requestLanguage(req));
    ok(res, null);
  });
  admin.get('/setting/privileges', auth(ctx, 'admin'), async (_req, res) => {
    ok(res, privilegeOptions(await ctx.settings.get('privileges')));
  });
  admin.put('/setting/privileges', auth(ctx, 'admin'), validate(privilegesSchema), async (_req, res) => {
    await savePrivileges(ctx, inputOf(privilegesSchema, res));
    ok(res, null);
  });
}
