import type { SiteSettings, SmtpSettings } from '../../../server/contract/api/site';

/** The write settings' upload limits. */
type UploadLimits =
  | 'max_image_size'
  | 'max_attachment_size'
  | 'max_image_megapixel'
  | 'authorized_image_extensions'
  | 'authorized_attachment_extensions';

/** A tag named in the write settings. */
export interface TagRef {
  slug_name: string;
  display_name: string;
}

/** The admin settings groups and the bodies their GET answers and PUT takes (the contract's SiteSettings groups). */
export interface AdminSettings {
  general: SiteSettings['general'];
  interface: SiteSettings['interface'];
  branding: SiteSettings['branding'];
  /** The upload limits are left out of bodies that do not change them. */
  write: Omit<SiteSettings['write'], UploadLimits> & Partial<Pick<SiteSettings['write'], UploadLimits>>;
  legal: Pick<SiteSettings['legal'], 'terms_of_service_original_text' | 'privacy_policy_original_text' | 'external_content_display'>;
  seo: SiteSettings['seo'];
  login: SiteSettings['login'];
  'custom-css-html': SiteSettings['css_html'];
  /** theme_config as the themes store it (the contract leaves it open). */
  theme: Omit<SiteSettings['theme'], 'theme_config'> & { theme_config: Record<string, { navbar_style?: string; primary_color?: string }> };
  users: SiteSettings['users'];
  /** GET answers the contract's SmtpSettings; PUT may add a test mail's recipient. */
  smtp: SmtpSettings & { test_email_recipient?: string };
  privileges: Pick<SiteSettings['privileges'], 'level'> & {
    custom_privileges: NonNullable<SiteSettings['privileges']['custom_privileges']>;
  };
}

/** The name of a settings group. */
export type SettingGroup = keyof AdminSettings;

/** GET setting/privileges and GET setting/smtp (the contract's). */
export type { PrivilegeOptions, SmtpSettings } from '../../../server/contract/api/site';

/** A plugin's settings form (GET admin plugin/config) and its fields, as the contract describes them. */
export type { PluginConfigField, PluginConfigForm as PluginConfig } from '../../../server/contract/api/plugin';
