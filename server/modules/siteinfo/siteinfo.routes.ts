import type { AppContext } from '../../app-context.js';
import { auth } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { typed } from '../../http/typed-router.js';
import { inputOf, validate } from '../../http/validate.js';
import type { Routers } from '../index.js';
import { presentSiteInfo } from './siteinfo.presenter.js';
import { legalQuerySchema } from '../../contract/requests/siteinfo.js';

/** Public GET siteinfo and siteinfo/legal, plus robots.txt and custom.css at the root. */
export function registerSiteinfo(ctx: AppContext, routers: Routers): void {
  const { api, root } = typed(routers);
  api.get('/siteinfo', async (_req, res) => {
    const g = ctx.settings;
    const [general, iface, branding, write, legal, login, users, seo, theme, css_html] = await Promise.all([
      g.get('general'),
      g.get('interface'),
      g.get('branding'),
      g.get('write'),
      g.get('legal'),
      g.get('login'),
      g.get('users'),
      g.get('seo'),
      g.get('theme'),
      g.get('css_html'),
    ]);
    ok(res, presentSiteInfo({ general, interface: iface, branding, write, legal, login, users, seo, theme, css_html }, ctx.config));
  });
  api.get('/siteinfo/legal', auth(ctx, 'public'), validate(legalQuerySchema, 'query'), async (_req, res) => {
    const legal = await ctx.settings.get('legal');
    const type = inputOf(legalQuerySchema, res).info_type;
    ok(
      res,
      type === 'tos'
        ? {
            terms_of_service_original_text: legal.terms_of_service_original_text,
            terms_of_service_parsed_text: legal.terms_of_service_parsed_text,
          }
        : {
            privacy_policy_original_text: legal.privacy_policy_original_text,
            privacy_policy_parsed_text: legal.privacy_policy_parsed_text,
          },
    );
  });
  root.get('/robots.txt', async (_req, res) => {
    const [seo, login, general] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('login'), ctx.settings.get('general')]);
    res.type('text/plain');
    if (login.login_required) {
      res.send('User-agent: *\nDisallow: /\n');
      return;
    }
    const sitemap = general.site_url ? `\nSitemap: ${general.site_url}/sitemap.xml\n` : '';
    res.send(`${seo.robots.replace(/\s+$/, '')}\n${sitemap}`);
  });
  root.get('/custom.css', async (_req, res) => {
    res.type('text/css').setHeader('Cache-Control', 'no-cache');
    res.send((await ctx.settings.get('css_html')).custom_css);
  });
}
