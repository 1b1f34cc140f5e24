import type { AppContext } from '../../app-context.js';
import { AppError } from '../../http/errors.js';
import { readConfigValues } from '../config/config.repository.js';
import type { SessionUser } from '../session/session.service.js';
import { privilege, type PermissionResult, type Thresholds } from './policy.js';

/** The site's reputation thresholds (config rank.<action>) for some actions; actions without one are left out. */
export async function readThresholds(ctx: AppContext, actions: readonly string[]): Promise<Thresholds> {
  const values = await readConfigValues(
    ctx.db,
    actions.map((a) => `rank.${a}`),
  );
  const out = new Map<string, number>();
  for (const action of actions) {
    const raw = values.get(`rank.${action}`);
    if (raw !== undefined) out.set(action, Number(raw));
  }
  return out;
}

/** The reference's check (policy.privilege): staff power, else the object's owner, else reputation >= rank.<action>. */
export async function checkPermission(
  ctx: AppContext,
  session: SessionUser | undefined,
  action: string,
  ownerId?: number,
): Promise<PermissionResult> {
  return privilege(session, action, await readThresholds(ctx, [action]), ownerId);
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
