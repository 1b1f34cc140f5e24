import type { CurrentUserInfo, LoginResp } from '../../../server/contract/api/user';

/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  AltchaChallenge,
  AvatarInfo,
  CaptchaRecord,
  CurrentUserInfo,
  LoginResp,
  NotificationChannelConfig as NotificationChannel,
  NotificationConfig,
  UserAccount,
} from '../../../server/contract/api/user';

/**
 * The signed-in user the renderer keeps: GET user/info's answer (fields of the contract's
 * CurrentUserInfo); what the screens can do without is optional, and the avatar may still be a
 * login payload's URL.
 */
export type CurrentUser = Pick<
  CurrentUserInfo,
  | 'id'
  | 'username'
  | 'display_name'
  | 'e_mail'
  | 'rank'
  | 'mail_status'
  | 'status'
  | 'role_id'
  | 'language'
  | 'color_scheme'
  | 'access_token'
> &
  Partial<Pick<CurrentUserInfo, 'suspended_until' | 'bio' | 'bio_html' | 'website' | 'location' | 'have_password' | 'is_admin'>> & {
    avatar: CurrentUserInfo['avatar'] | LoginResp['avatar'];
  };

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

/** PUT user/interface. */
export interface InterfaceBody {
  language: string;
  color_scheme: 'default' | 'system' | 'light' | 'dark';
}

/** A plugin's per-user settings form (GET user/plugin/config) and its fields, as the contract describes them. */
export type { PluginConfigField, PluginConfigForm, UserPluginItem } from '../../../server/contract/api/plugin';
