import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import type { Routers } from '../index.js';
import { languageOptions, uiTranslations } from './language.service.js';

/** GET language/options and language/config (public and admin). */
export function registerLanguage(ctx: AppContext, routers: Routers): void {
  const { api, admin } = typed(routers);
  // the texts ship with the server, so their progress is counted once
  const options = languageOptions();
  // as the reference: when the site has an interface language, users may also pick "Default" (follow the site)
  api.get('/language/options', async (_req, res) => {
    const siteLanguage = (await ctx.settings.get('interface')).language;
    ok(res, siteLanguage ? [{ label: 'Default', value: 'Default' }, ...options] : options);
  });
  api.get('/language/config', (req, res) => ok(res, uiTranslations(req.get('accept-language'))));
  admin.get('/language/options', auth(ctx, 'admin'), (_req, res) => ok(res, options));
}
