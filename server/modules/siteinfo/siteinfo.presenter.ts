import type { Config } from '../../config.js';
import type { SiteInfo, ThemeInfo } from '../../contract/api/site.js';
import type { SiteGroups } from './siteinfo.defaults.js';

/** The theme group with its options, as GET answers it. */
export function presentTheme(theme: SiteGroups['theme']): ThemeInfo {
  return { ...theme, theme_options: [{ label: 'Default', value: 'default' }] };
}

/** GET siteinfo: every public group in one payload. */
export function presentSiteInfo(g: Omit<SiteGroups, 'privileges' | 'mcp'>, config: Config): SiteInfo {
  return {
    general: g.general,
    interface: g.interface,
    branding: g.branding,
    login: g.login,
    theme: presentTheme(g.theme),
    custom_css_html: g.css_html,
    site_seo: g.seo,
    site_users: g.users,
    site_write: g.write,
    site_legal: { external_content_display: g.legal.external_content_display },
    version: config.version,
    revision: config.revision,
  };
}
