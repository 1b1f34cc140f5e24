import type { BodyOf } from '../../../server/contract/endpoints';
import type { CurrentUserInfo, LoginResp } from '../../../server/contract/api/user';
import type { QueryOf } from '../../../server/contract/endpoints';

/** An action a captcha guards (user/action/record's `action`, from the endpoint map). */
export type CaptchaAction = QueryOf<'GET /answer/api/v1/user/action/record'>['action'];

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

/** PUT user/info (the endpoint map's body, from the server's schema). */
export type UpdateInfoBody = BodyOf<'PUT /answer/api/v1/user/info'>;

/** PUT user/interface (the endpoint map's body). */
export type InterfaceBody = BodyOf<'PUT /answer/api/v1/user/interface'>;

/** A plugin's per-user settings form (GET user/plugin/config) and its fields, as the contract describes them. */
export type { PluginConfigField, PluginConfigForm, UserPluginItem } from '../../../server/contract/api/plugin';
