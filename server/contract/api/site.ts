/** The site's settings groups as stored (the reference's install values are their defaults). */
export interface SiteSettings {
  general: { name: string; short_description: string; description: string; site_url: string; contact_email: string; check_update: boolean };
  interface: { language: string; time_zone: string };
  branding: { logo: string; mobile_logo: string; square_icon: string; favicon: string };
  write: {
    restrict_answer: boolean;
    required_tag: boolean;
    recommend_tags: { slug_name: string; display_name: string }[];
    reserved_tags: { slug_name: string; display_name: string }[];
    max_image_size: number;
    max_attachment_size: number;
    max_image_megapixel: number;
    authorized_image_extensions: string[];
    authorized_attachment_extensions: string[];
    /** Lantern's own: uploads a member may make in any hour (0: no limit; admins are exempt). */
    max_uploads_per_hour: number;
    /** Lantern's own: megabytes a member may upload in any 24 hours (0: no limit; admins are exempt). */
    max_upload_mb_per_day: number;
  };
  legal: {
    terms_of_service_original_text: string;
    terms_of_service_parsed_text: string;
    privacy_policy_original_text: string;
    privacy_policy_parsed_text: string;
    external_content_display: 'always_display' | 'ask_before_display';
  };
  login: {
    allow_new_registrations: boolean;
    allow_email_registrations: boolean;
    allow_password_login: boolean;
    login_required: boolean;
    allow_email_domains: string[];
  };
  users: {
    default_avatar: 'system' | 'gravatar';
    gravatar_base_url: string;
    allow_update_display_name: boolean;
    allow_update_username: boolean;
    allow_update_avatar: boolean;
    allow_update_bio: boolean;
    allow_update_website: boolean;
    allow_update_location: boolean;
  };
  seo: { permalink: number; robots: string };
  theme: { theme: string; theme_config: Record<string, Record<string, string>>; color_scheme: string };
  css_html: { custom_head: string; custom_css: string; custom_header: string; custom_footer: string; custom_sidebar: string };
  privileges: { level: number; custom_privileges?: { key: string; value: number }[] };
  /** Answer's MCP switch (Admin → MCP): the MCP endpoints answer only while it is on. */
  mcp: { enabled: boolean };
}

/** A colour scheme the theme settings take ('' is the default, as the reference stores it). */
export type ColorScheme = '' | 'default' | 'light' | 'dark' | 'system';

/**
 * The theme group as the API gives it and PUT siteinfo/theme takes it (exactly its schema's output,
 * which server/contract/requests/siteinfo.ts checks): a colour scheme of '', default, light, dark or
 * system; theme_config's values strings. What is stored is wider (an older or imported value): GET
 * maps it onto these (presentTheme).
 */
export interface ThemeSettings {
  theme: string;
  color_scheme: ColorScheme;
  theme_config: Record<string, Record<string, string>>;
}

/** The theme group as GET answers it: with its options. */
export type ThemeInfo = ThemeSettings & { theme_options: { label: string; value: string }[] };

/** A privilege level: 1, 2, 3 or 99 (custom). */
export type PrivilegeLevel = 1 | 2 | 3 | 99;

/**
 * The privileges group as PUT setting/privileges takes it (exactly its schema's output, which
 * server/contract/requests/siteinfo.ts checks): level 1, 2 or 3, or 99 with the custom values.
 */
export interface PrivilegeSettings {
  level: PrivilegeLevel;
  custom_privileges: { key: string; value: number }[];
}

/** GET siteinfo: every public group in one payload. */
export interface SiteInfo {
  general: SiteSettings['general'];
  interface: SiteSettings['interface'];
  branding: SiteSettings['branding'];
  login: SiteSettings['login'];
  theme: ThemeInfo;
  custom_css_html: SiteSettings['css_html'];
  site_seo: SiteSettings['seo'];
  site_users: SiteSettings['users'];
  site_write: SiteSettings['write'];
  site_legal: Pick<SiteSettings['legal'], 'external_content_display'>;
  version: string;
  revision: string;
}

/** GET setting/privileges: the three levels plus the custom one (99), and the selected level. */
export interface PrivilegeOptions {
  options: { level: PrivilegeLevel; level_desc: string; privileges: { key: string; label: string; value: number }[] }[];
  selected_level: PrivilegeLevel;
}

/** GetSMTPConfigResp: GET setting/smtp (the password as asterisks of its length). */
export interface SmtpSettings {
  from_email: string;
  from_name: string;
  smtp_host: string;
  smtp_port: number;
  smtp_username: string;
  smtp_password: string;
  smtp_authentication: boolean;
  /** '' (none), SSL or TLS. */
  encryption: '' | 'SSL' | 'TLS';
}

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
export interface AdminSettingGroups {
  general: SiteSettings['general'];
  interface: SiteSettings['interface'];
  branding: SiteSettings['branding'];
  /** The upload limits are left out of bodies that do not change them. */
  write: Omit<SiteSettings['write'], UploadLimits> & Partial<Pick<SiteSettings['write'], UploadLimits>>;
  legal: Pick<SiteSettings['legal'], 'terms_of_service_original_text' | 'privacy_policy_original_text' | 'external_content_display'>;
  seo: SiteSettings['seo'];
  login: SiteSettings['login'];
  'custom-css-html': SiteSettings['css_html'];
  theme: ThemeSettings;
  users: SiteSettings['users'];
  /** GET answers the contract's SmtpSettings; PUT may add a test mail's recipient. */
  smtp: SmtpSettings & { test_email_recipient?: string };
  privileges: PrivilegeSettings;
}
