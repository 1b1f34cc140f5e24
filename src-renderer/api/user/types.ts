/** GET user/info (the logged-in user). */
export interface CurrentUser {
  id: string;
  username: string;
  display_name: string;
  e_mail: string;
  avatar: { type: string; gravatar: string; custom: string } | string;
  rank: number;
  mail_status: number;
  status: 'normal' | 'inactive' | 'suspended' | 'deleted';
  role_id: number;
  language: string;
  color_scheme: string;
  suspended_until?: number;
  access_token: string;
  /** Profile fields of GET user/info (absent in the login payload's type). */
  bio?: string;
  bio_html?: string;
  website?: string;
  location?: string;
  have_password?: boolean;
  is_admin?: boolean;
}

/** The login payload of login, sign-up and verification. */
export interface LoginResp extends Omit<CurrentUser, 'avatar'> {
  avatar: string;
  visit_token: string;
}

/** GET user/action/record. */
export interface CaptchaRecord {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
}

/** Fields a captcha-guarded request carries. */
export interface CaptchaFields {
  captcha_id?: string;
  captcha_code?: string;
}

/** The avatar choice as GET user/info answers it and PUT user/info takes it. */
export interface AvatarChoice {
  type: 'system' | 'gravatar' | 'custom' | '';
  gravatar: string;
  custom: string;
}

/** PUT user/info. */
export interface UpdateInfoBody {
  display_name: string;
  username?: string;
  avatar?: AvatarChoice;
  bio?: string;
  website?: string;
  location?: string;
}

/** One notification source of GET/PUT user/notification/config: whether its email is on. */
export interface NotificationChannel {
  key: string;
  enable: boolean;
}

/** GET user/notification/config. */
export interface NotificationConfig {
  inbox: NotificationChannel;
  all_new_question: NotificationChannel;
  all_new_question_for_following_tags: NotificationChannel;
}

/** PUT user/interface. */
export interface InterfaceBody {
  language: string;
  color_scheme: 'default' | 'system' | 'light' | 'dark';
}

/** One entry of GET user/plugin/configs. */
export interface UserPluginItem {
  name: string;
  slug_name: string;
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

/** GET user/plugin/config. */
export interface PluginConfigForm {
  name: string;
  slug_name: string;
  description: string;
  version: string;
  config_fields: PluginConfigField[] | null;
}
