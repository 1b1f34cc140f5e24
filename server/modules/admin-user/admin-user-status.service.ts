import type { AppContext } from '../../app-context.js';
import { MAIL_STATUS } from '../../contract/limits.js';
import type { DbOrTrx } from '../../db/database.js';
import { badRequest } from '../../http/errors.js';
import { deleteUsersExternalLogins } from '../external-login/external-login-common.service.js';
import { deleteUserPluginConfigs } from '../plugin/plugin-common.service.js';
import { announce, removeAllPostsOfTx } from '../question/post-removal.js';
import type { SessionUser } from '../session/session.service.js';
import { grantActivation } from '../user/account.service.js';
import { updateUser } from '../user/user-common.service.js';
import { parseUserId, userOr400 } from './admin-user.lookup.js';
import * as repo from './admin-user.repository.js';
import type { SuspendDuration, UpdateStatusInput } from './admin-user.schema.js';
import { USER_STATUS } from '../../contract/enums.js';

/** The end of a suspension (null = until an admin lifts it). */
export function suspendedUntil(duration: SuspendDuration | undefined, now: number): number | null {
  if (!duration || duration === 'forever') return null;
  const hours: Partial<Record<SuspendDuration, number>> = { '24h': 24, '48h': 48, '72h': 72, '7d': 168, '14d': 336 };
  if (hours[duration]) return now + hours[duration]! * 3600;
  const months: Partial<Record<SuspendDuration, number>> = { '1m': 1, '2m': 2, '3m': 3, '6m': 6, '1y': 12 };
  const d = new Date(now * 1000);
  d.setUTCMonth(d.getUTCMonth() + (months[duration] ?? 0));
  return Math.floor(d.getTime() / 1000);
}

/** What a deleted account leaves behind goes: bindings, notifications, settings, badges. */
async function removeUserConfiguration(trx: DbOrTrx, userId: number, now: number): Promise<void> {
  await repo.deleteUserConfiguration(trx, userId);
  await deleteUsersExternalLogins(trx, [userId], now);
  await deleteUserPluginConfigs(trx, [userId], now);
}

/**
 * PUT user/status. Suspending or deleting ends the user's sessions; deleting frees the email by
 * appending .<unix time>; `remove_all_content` soft-deletes their posts; back to normal verifies the
 * email (and grants the activation point to an account that never had it). A deleted account keeps
 * its status (the reference answers success and changes nothing) but its content can still be removed.
 */
export async function updateStatus(ctx: AppContext, session: SessionUser, input: UpdateStatusInput): Promise<void> {
  const id = parseUserId(input.user_id);
  if (id === session.user.id) throw badRequest('error.admin.cannot_modify_self_status');
  const user = await userOr400(ctx.db, input.user_id, true);
  const now = ctx.clock.now();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    if (user.status === USER_STATUS.deleted) {
      return input.status === 'deleted' && input.remove_all_content ? removeAllPostsOfTx(trx, user.id, session.user.id, now) : [];
    }
    switch (input.status) {
      case 'inactive':
        await updateUser(trx, user.id, { mail_status: MAIL_STATUS.unverified, updated_at: now });
        break;
      case 'suspended':
        await updateUser(trx, user.id, {
          status: USER_STATUS.suspended,
          suspended_at: now,
          suspended_until: suspendedUntil(input.suspend_duration, now),
          updated_at: now,
        });
        break;
      case 'deleted':
        await repo.markUserDeleted(trx, user.id, user.e_mail, now);
        break;
      case 'normal':
        await updateUser(trx, user.id, {
          status: USER_STATUS.available,
          mail_status: MAIL_STATUS.verified,
          suspended_until: null,
          updated_at: now,
        });
        if (user.rank === 0) await grantActivation(trx, user.id, now);
        break;
    }
    // a suspended user's token stays: it answers 403 error.user.suspended {type: suspended}, so a
    // client shows the suspended page (spec section 8) rather than the login page
    if (input.status === 'deleted') await ctx.sessions.revokeAll(user.id, trx);
    const events = input.remove_all_content ? await removeAllPostsOfTx(trx, user.id, session.user.id, now) : [];
    if (input.status === 'deleted') await removeUserConfiguration(trx, user.id, now);
    return events;
  });
  announce(ctx, removed);
  ctx.events.emit({
    type: 'user.changed',
    userId: user.id,
    change: input.status === 'deleted' ? 'deleted' : 'status',
    byUserId: session.user.id,
  });
}
