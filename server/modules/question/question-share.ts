import type { AppContext } from '../../app-context.js';
import { decodeId } from '../../infra/ids/object-id.js';
import { findUserById, findUserByUsername } from '../user/user-common.service.js';

/**
 * A question opened through a share link (`?share=<username>`, or the sharer's user id) announces
 * `question.shared` with who shared it and who opened it (null: a visitor not logged in); the badge
 * rules decide what that earns (First Share: someone other than the sharer). A share naming nobody
 * is ignored: the question is shown as without it.
 */
export async function announceShareVisit(ctx: AppContext, rawQuestionId: string, share: string, visitorId: number | null): Promise<void> {
  const questionId = decodeId(rawQuestionId);
  if (!questionId) return;
  const sharer =
    (await findUserByUsername(ctx.db, share)) ?? (/^[1-9]\d{0,14}$/.test(share) ? await findUserById(ctx.db, Number(share)) : undefined);
  if (!sharer) return;
  ctx.events.emit({ type: 'question.shared', questionId, sharerId: sharer.id, visitorId });
}
