import type { SiteSettings } from '../../contract/api/site.js';
import { LEGAL_TEXT_DEFAULTS } from './legal-defaults.js';

/** The settings groups (the contract's SiteSettings); their defaults are below (the reference's install values; Lantern's own legal texts). */
export type SiteGroups = SiteSettings;

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
    max_uploads_per_hour: 30,
    max_upload_mb_per_day: 50,
  },
  // asking before another site's images load: an offline site shows no broken images, and no third party
  // learns who reads; a site that stored its choice keeps it
  legal: { ...LEGAL_TEXT_DEFAULTS, external_content_display: 'ask_before_display' },
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
  mcp: { enabled: false },
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
  mcp: 'mcp',
};
