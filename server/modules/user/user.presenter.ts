import { createHash } from 'node:crypto';
import type { UserBrief, UserStatusName } from '../../contract/api/common.js';
import type { AvatarInfo, CurrentUserInfo, LoginResp, UserAccount } from '../../contract/api/user.js';
import type { UserRow } from '../../db/tables/user.table.js';
import type { SiteGroups } from '../siteinfo/siteinfo.defaults.js';
import { MAIL_STATUS, ROLE, USER_STATUS } from '../../contract/enums.js';

/** The stored avatar choice. */
export type { AvatarInfo };

/** Parses the avatar column (JSON or a legacy URL). */
export function parseAvatar(raw: string): AvatarInfo {
  if (!raw) return { type: '', gravatar: '', custom: '' };
  try {
    const v = JSON.parse(raw) as Partial<AvatarInfo>;
    return { type: v.type ?? '', gravatar: v.gravatar ?? '', custom: v.custom ?? '' };
  } catch {
    return { type: 'custom', gravatar: '', custom: raw };
  }
}

/** The avatar URL to show: custom, gravatar (explicit or site default) or '' for the system one. */
export function avatarUrl(user: Pick<UserRow, 'avatar' | 'e_mail' | 'status'>, users: SiteGroups['users']): string {
  if (user.status === USER_STATUS.deleted) return '';
  const a = parseAvatar(user.avatar);
  if (a.type === 'custom' && a.custom) return a.custom;
  if (a.type === 'gravatar' || (a.type === '' && users.default_avatar === 'gravatar')) {
    return `${users.gravatar_base_url}${createHash('sha256').update(user.e_mail.trim().toLowerCase()).digest('hex')}`;
  }
  return '';
}

/** The API's status string. */
export function statusName(user: Pick<UserRow, 'status' | 'mail_status'>): UserStatusName {
  if (user.status === USER_STATUS.deleted) return 'deleted';
  if (user.status === USER_STATUS.suspended) return 'suspended';
  if (user.mail_status !== MAIL_STATUS.verified) return 'inactive';
  return 'normal';
}

function common(user: UserRow, roleId: number): Omit<UserAccount, 'color_scheme' | 'access_token' | 'visit_token'> {
  return {
    id: String(user.id),
    created_at: user.created_at,
    last_login_date: user.last_login_date,
    username: user.username,
    e_mail: user.e_mail,
    mail_status: user.mail_status,
    notice_status: user.notice_status,
    follow_count: user.follow_count,
    answer_count: user.answer_count,
    question_count: user.question_count,
    rank: user.rank,
    authority_group: user.authority_group,
    display_name: user.display_name,
    mobile: user.mobile,
    bio: user.bio,
    bio_html: user.bio_html,
    website: user.website,
    location: user.location,
    language: user.language,
    role_id: roleId,
    status: statusName(user),
    have_password: user.pass !== '',
    suspended_until: user.status === USER_STATUS.suspended ? (user.suspended_until ?? 0) : 0,
  };
}

/** UserLoginResp: the payload of login, registration and email verification. */
export function presentLogin(
  user: UserRow,
  roleId: number,
  tokens: { accessToken: string; visitToken: string },
  users: SiteGroups['users'],
): LoginResp {
  return {
    ...common(user, roleId),
    avatar: avatarUrl(user, users),
    color_scheme: user.color_scheme || 'default',
    access_token: tokens.accessToken,
    visit_token: tokens.visitToken,
  };
}

/** GetCurrentLoginUserInfoResp: GET user/info (avatar as the stored object). */
export function presentCurrentUser(user: UserRow, roleId: number, accessToken: string): CurrentUserInfo {
  const a = parseAvatar(user.avatar);
  return {
    ...common(user, roleId),
    avatar: a,
    color_scheme: user.color_scheme || 'default',
    access_token: accessToken,
    visit_token: '',
    is_admin: roleId === ROLE.admin,
  };
}

/** UserBasicInfo: a user as shown beside posts and in lists. */
export function presentUserBasic(user: UserRow, users: SiteGroups['users']): UserBrief {
  const deleted = user.status === USER_STATUS.deleted;
  return {
    id: String(user.id),
    username: user.username,
    display_name: deleted ? `user${user.id}` : user.display_name,
    avatar: avatarUrl(user, users),
    rank: user.rank,
    website: deleted ? '' : user.website,
    location: deleted ? '' : user.location,
    language: user.language,
    status: statusName(user),
  };
}
