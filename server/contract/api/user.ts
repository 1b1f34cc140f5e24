import type { UserStatusName } from './common.js';

/** The stored avatar choice, as GET user/info answers it. */
export interface AvatarInfo {
  type: string;
  gravatar: string;
  custom: string;
}

/** The account fields the login payload and GET user/info share. */
export interface UserAccount {
  id: string;
  created_at: number;
  last_login_date: number;
  username: string;
  e_mail: string;
  mail_status: number;
  notice_status: number;
  follow_count: number;
  answer_count: number;
  question_count: number;
  rank: number;
  authority_group: number;
  display_name: string;
  mobile: string;
  bio: string;
  bio_html: string;
  website: string;
  location: string;
  language: string;
  role_id: number;
  status: UserStatusName;
  have_password: boolean;
  /** When a suspension ends (0 when not suspended). */
  suspended_until: number;
  color_scheme: string;
  access_token: string;
  visit_token: string;
}

/** UserLoginResp: the payload of login, registration and email verification (avatar as a URL). */
export interface LoginResp extends UserAccount {
  avatar: string;
}

/** GetCurrentLoginUserInfoResp: GET user/info (avatar as the stored choice). */
export interface CurrentUserInfo extends UserAccount {
  avatar: AvatarInfo;
  is_admin: boolean;
}

/** GET permission?action=a,b: per action asked, whether the caller may and, if not, why. */
export type Permissions = Record<string, { has_permission: boolean; no_permission_tip: string }>;

/** ActionRecordResp: GET user/action/record; a captcha to show when `verify` (else empty id and image). */
export interface CaptchaRecord {
  captcha_id: string;
  captcha_img: string;
  verify: boolean;
  /**
   * Lantern's addition, only for a client that asks with `captcha_kind=altcha`: the proof-of-work
   * challenge for the altcha widget, whose payload is then sent as captcha_code (captcha_img is empty).
   */
  altcha?: AltchaChallenge;
}

/** An altcha (proof of work v2) challenge as the widget reads it: signed parameters. */
export interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
    keySignature?: string;
    expiresAt?: number;
    data?: Record<string, string | number | boolean | null>;
  };
  signature?: string;
}

/** NotificationChannelConfig: one notification source's email channel, whether it is on. */
export interface NotificationChannelConfig {
  key: 'email';
  enable: boolean;
}

/** GetUserNotificationConfigResp: GET user/notification/config, one channel per source. */
export interface NotificationConfig {
  inbox: NotificationChannelConfig;
  all_new_question: NotificationChannelConfig;
  all_new_question_for_following_tags: NotificationChannelConfig;
}
