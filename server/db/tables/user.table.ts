import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MailStatus, NoticeStatus, RoleId, UserStatus } from '../../contract/enums.js';

/** user: accounts. Times are Unix seconds; status 1 available, 9 suspended, 10 deleted. */
export interface UserTable {
  id: Generated<number>;
  created_at: number;
  updated_at: number;
  suspended_at: number | null;
  suspended_until: number | null;
  deleted_at: number | null;
  last_login_date: Generated<number>;
  username: string;
  pass: Generated<string>;
  e_mail: string;
  mail_status: Generated<MailStatus>;
  notice_status: Generated<NoticeStatus>;
  follow_count: Generated<number>;
  answer_count: Generated<number>;
  question_count: Generated<number>;
  rank: Generated<number>;
  status: Generated<UserStatus>;
  authority_group: Generated<number>;
  display_name: Generated<string>;
  avatar: Generated<string>;
  mobile: Generated<string>;
  bio: Generated<string>;
  bio_html: Generated<string>;
  website: Generated<string>;
  location: Generated<string>;
  ip_info: Generated<string>;
  is_admin: Generated<number>;
  language: Generated<string>;
  color_scheme: Generated<string>;
}
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

/** role: 1 User, 2 Admin, 3 Moderator. */
export interface RoleTable {
  id: number;
  name: string;
  description: string;
}

/** user_role_rel: a user's role; no row means role 1. */
export interface UserRoleRelTable {
  user_id: number;
  role_id: RoleId;
}

/** user_session: access tokens, stored hashed so a leaked database holds no live token. */
export interface UserSessionTable {
  token_hash: string;
  visit_token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
}
export type UserSessionRow = Selectable<UserSessionTable>;

/** email_code: single-use links (activation, password reset, email change, unsubscribe). */
export interface EmailCodeTable {
  code_hash: string;
  user_id: number;
  action: string;
  payload: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
export type EmailCodeRow = Selectable<EmailCodeTable>;

/** user_notification_config: a user's channels per notification source. */
export interface UserNotificationConfigTable {
  id: Generated<number>;
  user_id: number;
  source: string;
  channels: string;
  enabled: number;
}
