/** GET siteinfo, the parts the UI reads. */
export interface SiteInfo {
  general: { name: string; short_description: string; description: string; site_url: string; contact_email: string };
  interface: { language: string; time_zone: string };
  branding: { logo: string; mobile_logo: string; square_icon: string; favicon: string };
  login: { allow_new_registrations: boolean; allow_email_registrations: boolean; allow_password_login: boolean; login_required: boolean };
  theme: { theme: string; color_scheme: string; theme_config: Record<string, { navbar_style?: string; primary_color?: string }> };
  custom_css_html: { custom_head: string; custom_css: string; custom_header: string; custom_footer: string; custom_sidebar: string };
  site_users: {
    default_avatar: string;
    gravatar_base_url: string;
    /** Which profile fields members may change themselves (the admin's users settings). */
    allow_update_display_name?: boolean;
    allow_update_username?: boolean;
    allow_update_avatar?: boolean;
    allow_update_bio?: boolean;
    allow_update_website?: boolean;
    allow_update_location?: boolean;
  };
  site_legal: { external_content_display: string };
  site_seo?: { permalink: number };
  site_write?: {
    restrict_answer: boolean;
    required_tag: boolean;
    recommend_tags: { slug_name: string; display_name: string }[];
    reserved_tags: { slug_name: string; display_name: string }[];
  };
  version: string;
  revision: string;
}
