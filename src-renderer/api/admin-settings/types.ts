/** A tag named in the write settings. */
export interface TagRef {
  slug_name: string;
  display_name: string;
}

/** The admin settings groups and the bodies their GET answers and PUT takes. */
export interface AdminSettings {
  general: { name: string; short_description: string; description: string; site_url: string; contact_email: string; check_update: boolean };
  interface: { language: string; time_zone: string };
  branding: { logo: string; mobile_logo: string; square_icon: string; favicon: string };
  write: {
    restrict_answer: boolean;
    required_tag: boolean;
    recommend_tags: TagRef[];
    reserved_tags: TagRef[];
    max_image_size?: number;
    max_attachment_size?: number;
    max_image_megapixel?: number;
    authorized_image_extensions?: string[];
    authorized_attachment_extensions?: string[];
  };
  legal: {
    terms_of_service_original_text: string;
    privacy_policy_original_text: string;
    external_content_display: 'always_display' | 'ask_before_display';
  };
  seo: { permalink: number; robots: string };
  login: {
    allow_new_registrations: boolean;
    allow_email_registrations: boolean;
    allow_password_login: boolean;
    login_required: boolean;
    allow_email_domains: string[];
  };
  'custom-css-html': { custom_head: string; custom_css: string; custom_header: string; custom_footer: string; custom_sidebar: string };
  theme: { theme: string; color_scheme: string; theme_config: Record<string, { navbar_style?: string; primary_color?: string }> };
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
  smtp: {
    from_email: string;
    from_name: string;
    smtp_host: string;
    smtp_port: number;
    smtp_username: string;
    smtp_password: string;
    smtp_authentication: boolean;
    encryption: '' | 'SSL' | 'TLS';
    test_email_recipient?: string;
  };
  privileges: { level: number; custom_privileges: { key: string; value: number }[] };
}

/** The name of a settings group. */
export type SettingGroup = keyof AdminSettings;

/** GET setting/privileges. */
export interface PrivilegeOptions {
  options: { level: number; level_desc: string; privileges: { key: string; label: string; value: number }[] }[];
  selected_level: number;
}

/** One field of a plugin's settings form (schema.ConfigField). */
export interface PluginConfigField {
  name: string;
  type: 'input' | 'textarea' | 'checkbox' | 'switch' | 'select' | 'radio' | 'timezone' | 'upload' | 'legend' | 'button';
  title: string;
  description: string;
  required: boolean;
  value: unknown;
  ui_options: { placeholder?: string; rows?: string; input_type?: string; label?: string; text?: string };
  options?: { label: string; value: string }[];
}

/** GET admin plugin/config. */
export interface PluginConfig {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginConfigField[] | null;
}
