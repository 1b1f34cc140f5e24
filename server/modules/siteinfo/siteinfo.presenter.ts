import type { Config } from '../../config.js';
import type { ColorScheme, SiteInfo, ThemeInfo, ThemeSettings } from '../../contract/api/site.js';
import type { SiteGroups } from './siteinfo.defaults.js';
import { themeSchema } from './siteinfo.schema.js';

/** A stored colour scheme as PUT would take it; one it would refuse (an older or imported value) is the default, ''. */
function colorSchemeOf(stored: unknown): ColorScheme {
  const parsed = themeSchema.shape.color_scheme.safeParse(stored);
  return parsed.success ? parsed.data : '';
}

/** A stored theme_config with only its string values (each theme's), as PUT would take them. */
function themeConfigOf(stored: unknown): ThemeSettings['theme_config'] {
  const out: ThemeSettings['theme_config'] = {};
  if (!stored || typeof stored !== 'object') return out;
  for (const [name, values] of Object.entries(stored)) {
    if (!values || typeof values !== 'object') continue;
    out[name] = Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  return out;
}

/** The theme group with its options, as GET answers it: stored values mapped onto what PUT takes. */
export function presentTheme(theme: SiteGroups['theme']): ThemeInfo {
  return {
    theme: theme.theme,
    color_scheme: colorSchemeOf(theme.color_scheme),
    theme_config: themeConfigOf(theme.theme_config),
    theme_options: [{ label: 'Default', value: 'default' }],
  };
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
