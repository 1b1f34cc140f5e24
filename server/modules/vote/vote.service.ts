import type { AppContext } from '../../app-context.js';
import { AppError, badRequest } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE, type ActivityKey } from '../activity/activity-types.js';
import { findAnswer } from '../answer/answer.repository.js';
import { findQuestion } from '../question/question.repository.js';
import { requirePermission } from '../permission/permission.service.js';
import { activeActivities, cancelActivity, changeRank } from '../rank/rank.service.js';
import type { SessionUser } from '../session/session.service.js';

type Direction = 'up' | 'down';

/** A votable post: its kind, owner and the question it belongs to. */
async function votable(ctx: AppContext, rawId: string) {
  const id = decodeId(rawId);
  const type = id ? objectTypeOf(id) : null;
  if (id && type === OBJECT_TYPE.question) {
    const q = await findQuestion(ctx.db, id);
    if (q) return { kind: 'question' as const, id, ownerId: q.user_id, questionId: id, status: q.status };
  }
  if (id && type === OBJECT_TYPE.answer) {
    const a = await findAnswer(ctx.db, id);
    if (a) return { kind: 'answer' as const, id, ownerId: a.user_id, questionId: a.question_id, status: a.status };
  }
  throw badRequest('error.object.not_found');
}

const keys = (kind: 'question' | 'answer', dir: Direction) => ({
  voter: `${kind}.vote_${dir}` as ActivityKey,
  owner: `${kind}.voted_${dir}` as ActivityKey,
});

/** Current up/down counts and the viewer's vote on a post; stores vote_count. */
async function tally(ctx: AppContext, kind: 'question' | 'answer', id: string, viewerId: number) {
  const rows = await activeActivities(ctx.db, id, [keys(kind, 'up').voter, keys(kind, 'down').voter]);
  const up = rows.filter((r) => r.activity_type === ACTIVITY_TYPE[keys(kind, 'up').voter]);
  const down = rows.filter((r) => r.activity_type === ACTIVITY_TYPE[keys(kind, 'down').voter]);
  await ctx.db.updateTable(kind).set({ vote_count: up.length - down.length }).where('id', '=', id).execute();
  const mine = up.some((r) => r.user_id === viewerId) ? 'vote_up' : down.some((r) => r.user_id === viewerId) ? 'vote_down' : '';
  return { up_votes: up.length, down_votes: down.length, votes: up.length - down.length, vote_status: mine };
}

/** POST vote/up and vote/down, with undo (is_cancel) and switching direction. */
export async function vote(ctx: AppContext, session: SessionUser, rawId: string, dir: Direction, isCancel: boolean) {
  const post = await votable(ctx, rawId);
  if (post.ownerId === session.user.id) throw new AppError(403, 'error.object.disallow_vote_your_self', { err_type: 'toast' });
  if (post.status === 10) throw badRequest('error.object.already_deleted');
  await requirePermission(ctx, session, `${post.kind}.vote_${dir}`);
  const now = ctx.clock.now();
  const voter = session.user.id;
  await ctx.db.transaction().execute(async (trx) => {
    const cancel = async (d: Direction) => {
      const k = keys(post.kind, d);
      for (const a of await activeActivities(trx, post.id, [k.voter, k.owner])) {
        if ((a.activity_type === ACTIVITY_TYPE[k.voter] && a.user_id === voter) || (a.activity_type === ACTIVITY_TYPE[k.owner] && a.trigger_user_id === voter)) await cancelActivity(trx, a.id, now);
      }
    };
    if (isCancel) {
      await cancel(dir);
      return;
    }
    await cancel(dir === 'up' ? 'down' : 'up');
    const k = keys(post.kind, dir);
    const already = (await activeActivities(trx, post.id, [k.voter])).some((a) => a.user_id === voter);
    if (already) return;
    await changeRank(trx, { userId: voter, triggerUserId: 0, objectId: post.id, originalObjectId: post.questionId, key: k.voter, capped: false, now });
    await changeRank(trx, { userId: post.ownerId, triggerUserId: voter, objectId: post.id, originalObjectId: post.questionId, key: k.owner, capped: true, now });
  });
  return tally(ctx, post.kind, post.id, voter);
}
