import type { AppContext } from '../../app-context.js';
import { ROLE } from '../../contract/limits.js';
import { AppError } from '../../http/errors.js';
import { readConfigValues } from '../config/config.repository.js';
import type { SessionUser } from '../session/session.service.js';

/** The outcome of a permission check: allowed, or the reputation it needs (<= 0: staff only). */
export interface PermissionResult {
  allowed: boolean;
  needRank: number;
}

/** Whether a role has every power (admins and moderators, as the reference's role table). */
export function isStaff(session: SessionUser | undefined): boolean {
  return !!session && (session.role_id === ROLE.admin || session.role_id === ROLE.moderator);
}

/** The reference's check: staff power, else the object's owner, else reputation >= rank.<action>. */
export async function checkPermission(
  ctx: AppContext,
  session: SessionUser | undefined,
  action: string,
  ownerId?: number,
): Promise<PermissionResult> {
  const thresholds = await readConfigValues(ctx.db, [`rank.${action}`]);
  const raw = thresholds.get(`rank.${action}`);
  const need = raw === undefined ? -1 : Number(raw);
  if (!session) return { allowed: false, needRank: need };
  if (isStaff(session)) return { allowed: true, needRank: need };
  if (ownerId !== undefined && ownerId === session.user.id) return { allowed: true, needRank: need };
  return { allowed: need >= 0 && session.user.rank >= need, needRank: need };
}

/** Shorthand: whether the session may do the action. */
export async function canDo(ctx: AppContext, session: SessionUser | undefined, action: string, ownerId?: number): Promise<boolean> {
  return (await checkPermission(ctx, session, action, ownerId)).allowed;
}

/** Throws 403 with the reputation it needs unless the session may do the action. */
export async function requirePermission(ctx: AppContext, session: SessionUser, action: string, ownerId?: number): Promise<void> {
  const p = await checkPermission(ctx, session, action, ownerId);
  if (!p.allowed)
    throw p.needRank > 0
      ? new AppError(403, 'error.rank.no_enough_rank_to_operate', null, [], { rank: p.needRank })
      : new AppError(403, 'error.rank.fail_to_meet_the_condition');
}
