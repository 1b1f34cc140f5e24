/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  AdminAnswer,
  AdminPlugin,
  AdminQuestion,
  AdminRole,
  AdminUser,
  DashboardActivity,
  DashboardInfo,
  LanStatus,
} from '../../../server/contract/api/admin';
export type { AdminBadge } from '../../../server/contract/api/badge';
/** A user as the admin lists show them (UserBasicInfo). */
export type { UserBrief as AdminUserBrief } from '../../../server/contract/api/common';

/** The list filters of questions and answers (answers have no closed). */
export type PostListStatus = 'normal' | 'closed' | 'deleted' | 'pending';

/** The user list filters: a status, or staff (moderators and admins). */
export type UserListFilter = 'normal' | 'suspended' | 'deleted' | 'inactive' | 'staff';

/** How long a suspension lasts. */
export const SUSPEND_DURATIONS = ['24h', '48h', '72h', '7d', '14d', '1m', '2m', '3m', '6m', '1y', 'forever'] as const;
export type SuspendDuration = (typeof SUSPEND_DURATIONS)[number];
