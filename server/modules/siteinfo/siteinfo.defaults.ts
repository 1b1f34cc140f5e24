import { LEGAL_TEXT_DEFAULTS } from './legal-defaults.js';

/** The settings groups and their defaults (the reference's install values; Lantern's own legal texts). */
export interface SiteGroups {
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
  theme: { theme: string; theme_config: Record<string, unknown>; color_scheme: string };
  css_html: { custom_head: string; custom_css: string; custom_header: string; custom_footer: string; custom_sidebar: string };
  privileges: { level: number; custom_privileges?: { key: string; value: number }[] };
}

export type GroupName = keyof SiteGroups;

/** Default robots.txt body (the sitemap line is added with the site URL). */
export const DEFAULT_ROBOTS = [
  'User-agent: *',
  'Disallow: /admin',
  'Disallow: /search',
  'Disallow: /install',
  'Disallow: /review',
  'Disallow: /users/login',
  'Disallow: /users/register',
  'Disallow: /users/account-recovery',
  'Disallow: /users/oauth/*',
  'Disallow: /users/*/*',
  'Disallow: /answer/api',
  'Disallow: /*?code*',
  '',
].join('\n');

/** Defaults for every group; a stored group is merged over these. */
export const GROUP_DEFAULTS: SiteGroups = {
  general: { name: 'Answer', short_description: '', description: '', site_url: '', contact_email: '', check_update: true },
  interface: { language: 'en_US', time_zone: 'UTC' },
  branding: { logo: '', mobile_logo: '', square_icon: '', favicon: '' },
  write: {
    restrict_answer: true,
    required_tag: false,
    recommend_tags: [],
    reserved_tags: [],
    max_image_size: 4,
    max_attachment_size: 8,
    max_image_megapixel: 40,
    authorized_image_extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    authorized_attachment_extensions: [],
  },
  legal: { ...LEGAL_TEXT_DEFAULTS, external_content_display: 'always_display' },
  login: {
    allow_new_registrations: true,
    allow_email_registrations: true,
    allow_password_login: true,
    login_required: false,
    allow_email_domains: [],
  },
  users: {
    // the built-in letter avatar: Gravatar would send every member's email hash to a third
    // party from an offline app; an admin can still choose it
    default_avatar: 'system',
    gravatar_base_url: 'https://www.gravatar.com/avatar/',
    allow_update_display_name: true,
    allow_update_username: true,
    allow_update_avatar: true,
    allow_update_bio: true,
    allow_update_website: true,
    allow_update_location: true,
  },
  seo: { permalink: 2, robots: DEFAULT_ROBOTS },
  theme: { theme: 'default', theme_config: { default: { navbar_style: '#0033ff', primary_color: '#0033ff' } }, color_scheme: '' },
  css_html: { custom_head: '', custom_css: '', custom_header: '', custom_footer: '', custom_sidebar: '' },
  privileges: { level: 2 },
};

/** The stored type name of each group (site_info.type), as the reference names them. */
export const GROUP_TYPES: Record<GroupName, string> = {
  general: 'general',
  interface: 'interface',
  branding: 'branding',
  write: 'write',
  legal: 'legal',
  login: 'login',
  users: 'users',
  seo: 'seo',
  theme: 'theme',
  css_html: 'css-html',
  privileges: 'privileges',
};
