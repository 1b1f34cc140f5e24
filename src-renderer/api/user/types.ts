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
