import type { AdminUser } from '../../contract/api/admin.js';
import type { SiteGroups } from '../siteinfo/siteinfo.defaults.js';
import { avatarUrl, statusName } from '../user/user.presenter.js';
import type { UserWithRole } from './admin-user.repository.js';

/** GetUserPageResp: a user as the admin list shows them (deleted_at / suspended_at only in those states; imported and claimable are Lantern's). */
export function presentUserPageItem(
  u: UserWithRole,
  roles: Map<number, string>,
  users: SiteGroups['users'],
  imported?: { claimable: boolean },
): AdminUser {
  const status = statusName(u);
  return {
    user_id: String(u.id),
    created_at: u.created_at,
    deleted_at: status === 'deleted' ? (u.deleted_at ?? 0) : 0,
    suspended_at: status === 'suspended' ? (u.suspended_at ?? 0) : 0,
    suspended_until: status === 'suspended' ? (u.suspended_until ?? 0) : 0,
    username: u.username,
    e_mail: u.e_mail,
    rank: u.rank,
    status,
    display_name: u.display_name,
    avatar: avatarUrl(u, users),
    role_id: u.role_id,
    role_name: roles.get(u.role_id) ?? '',
    // Lantern's own: imported from a Stack Exchange dump, and still claimable (no password set)
    imported: Boolean(imported),
    claimable: imported?.claimable ?? false,
  };
}
