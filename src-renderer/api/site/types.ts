import type { SiteInfo as Full } from '../../../server/contract/api/site';

/** The whole GET siteinfo payload, as the contract (and the server's presenter) describes it. */
export type { SiteInfo as SiteInfoPayload, SiteSettings, ThemeInfo } from '../../../server/contract/api/site';

type UserEdits =
  | 'allow_update_display_name'
  | 'allow_update_username'
  | 'allow_update_avatar'
  | 'allow_update_bio'
  | 'allow_update_website'
  | 'allow_update_location';

/** GET siteinfo, the parts the UI reads (picked from the contract's SiteInfo, so a field renamed there breaks here). */
export interface SiteInfo {
  general: Pick<Full['general'], 'name' | 'short_description' | 'description' | 'site_url' | 'contact_email'>;
  interface: Full['interface'];
  branding: Full['branding'];
  login: Pick<Full['login'], 'allow_new_registrations' | 'allow_email_registrations' | 'allow_password_login' | 'login_required'>;
  /** theme_config as the themes store it (the contract leaves it open). */
  theme: Pick<Full['theme'], 'theme' | 'color_scheme'> & {
    theme_config: Record<string, { navbar_style?: string; primary_color?: string }>;
  };
  custom_css_html: Full['custom_css_html'];
  /** Which profile fields members may change themselves (the admin's users settings). */
  site_users: Pick<Full['site_users'], 'default_avatar' | 'gravatar_base_url'> & Partial<Pick<Full['site_users'], UserEdits>>;
  site_legal: Full['site_legal'];
  site_seo?: Pick<Full['site_seo'], 'permalink'>;
  site_write?: Pick<Full['site_write'], 'restrict_answer' | 'required_tag' | 'recommend_tags' | 'reserved_tags'>;
  version: Full['version'];
  revision: Full['revision'];
}
