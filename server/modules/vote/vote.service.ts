import type { AppContext } from '../../app-context.js';
import type { DbOrTrx } from '../../db/database.js';
import { AppError, badRequest } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { ACTIVITY_TYPE, type ActivityKey } from '../activity/activity-types.js';
import { findAnswer } from '../answer/answer.repository.js';
import { findComment } from '../comment/comment.repository.js';
import { findQuestion } from '../question/question.repository.js';
import { requirePermission } from '../permission/permission.service.js';
import { mayVoteOn } from '../permission/policy.js';
import { activeActivities, activityCounts, cancelActivity, changeRank, emitRankMoves, type RankMove } from '../rank/rank.service.js';
import { setVoteCount } from './vote.repository.js';
import type { SessionUser } from '../session/session.service.js';
import { scoreOffset } from '../import/stackexchange.repository.js';
import { POST_STATUS } from '../../contract/enums.js';

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
  if (id && type === OBJECT_TYPE.comment) {
    const c = await findComment(ctx.db, id);
    if (c) return { kind: 'comment' as const, id, ownerId: c.user_id, questionId: c.question_id, status: c.status };
  }
  throw badRequest('error.object.not_found');
}

const keys = (kind: 'question' | 'answer', dir: Direction) => ({
  voter: `${kind}.vote_${dir}` as ActivityKey,
  owner: `${kind}.voted_${dir}` as ActivityKey,
});

/**
 * Current up/down counts and the viewer's vote on a post; stores vote_count: the votes cast here
 * plus the score an imported post brought along (it has no vote rows). Runs in the vote's own
 * transaction, so a crash never leaves a vote without its count (or a count without its vote).
 */
async function tally(db: DbOrTrx, kind: 'question' | 'answer', id: string, viewerId: number) {
  const counts = await activityCounts(db, id, [keys(kind, 'up').voter, keys(kind, 'down').voter], viewerId);
  const up = counts.get(ACTIVITY_TYPE[keys(kind, 'up').voter]) ?? { n: 0, mine: false };
  const down = counts.get(ACTIVITY_TYPE[keys(kind, 'down').voter]) ?? { n: 0, mine: false };
  const votes = up.n - down.n + (await scoreOffset(db, id));
  await setVoteCount(db, kind, id, votes);
  const mine = up.mine ? 'vote_up' : down.mine ? 'vote_down' : '';
  return { up_votes: up.n, down_votes: down.n, votes, vote_status: mine };
}

/**
 * A comment vote: one comment.vote_up activity of the voter (no owner row, no reputation), undone by
 * is_cancel. Comments can only be voted up: the reference stored vote/down as an up vote; here
 * vote/down is refused unless it cancels (then it takes back the up vote, as the reference did).
 */
async function voteComment(
  ctx: AppContext,
  session: SessionUser,
  comment: { id: string; questionId: string; ownerId: number },
  dir: Direction,
  isCancel: boolean,
) {
  if (dir === 'down' && !isCancel) throw badRequest('error.comment.cannot_vote_down', [], { err_type: 'toast' });
  await requirePermission(ctx, session, 'comment.vote_up');
  const now = ctx.clock.now();
  const voter = session.user.id;
  const { changed, up, votes } = await ctx.db.transaction().execute(async (trx) => {
    const changed = await applyCommentVote(trx);
    // the count is stored in the vote's transaction: a crash leaves both or neither
    const up = await activeActivities(trx, comment.id, ['comment.vote_up']);
    const votes = up.length + (await scoreOffset(trx, comment.id));
    await setVoteCount(trx, 'comment', comment.id, votes);
    return { changed, up, votes };
  });
  async function applyCommentVote(trx: DbOrTrx): Promise<boolean> {
    const mine = (await activeActivities(trx, comment.id, ['comment.vote_up'])).filter((a) => a.user_id === voter);
    if (isCancel) {
      for (const a of mine) await cancelActivity(trx, a.id, now);
      return mine.length > 0;
    }
    if (mine.length > 0) return false;
    await changeRank(trx, {
      userId: voter,
      triggerUserId: 0,
      objectId: comment.id,
      originalObjectId: comment.questionId,
      key: 'comment.vote_up',
      delta: 0,
      capped: false,
      now,
    });
    return true;
  }
  if (changed)
    ctx.events.emit({
      type: 'vote.cast',
      objectId: comment.id,
      objectType: 'comment',
      voterId: voter,
      ownerId: comment.ownerId,
      direction: 'up',
      cancelled: isCancel,
    });
  return { up_votes: up.length, down_votes: 0, votes, vote_status: up.some((a) => a.user_id === voter) ? 'vote_up' : '' };
}

/** POST vote/up and vote/down, with undo (is_cancel) and switching direction. */
export async function vote(ctx: AppContext, session: SessionUser, rawId: string, dir: Direction, isCancel: boolean) {
  const post = await votable(ctx, rawId);
  if (!mayVoteOn(session, post.ownerId)) throw new AppError(400, 'error.object.disallow_vote_your_self', { err_type: 'toast' });
  if (post.status === POST_STATUS.deleted) throw badRequest('error.object.already_deleted');
  if (post.kind === 'comment') return voteComment(ctx, session, post, dir, isCancel);
  await requirePermission(ctx, session, `${post.kind}.vote_${dir}`);
  const kind = post.kind;
  const now = ctx.clock.now();
  const voter = session.user.id;
  const moves: RankMove[] = [];
  const applyVote = async (trx: DbOrTrx): Promise<boolean> => {
    let undone = false;
    const cancel = async (d: Direction) => {
      const k = keys(kind, d);
      for (const a of await activeActivities(trx, post.id, [k.voter, k.owner], voter)) {
        if (
          (a.activity_type === ACTIVITY_TYPE[k.voter] && a.user_id === voter) ||
          (a.activity_type === ACTIVITY_TYPE[k.owner] && a.trigger_user_id === voter)
        ) {
          await cancelActivity(trx, a.id, now, moves);
          undone = true;
        }
      }
    };
    if (isCancel) {
      await cancel(dir);
      return undone;
    }
    await cancel(dir === 'up' ? 'down' : 'up');
    const k = keys(kind, dir);
    const already = (await activeActivities(trx, post.id, [k.voter], voter)).some((a) => a.user_id === voter);
    if (already) return false;
    await changeRank(
      trx,
      { userId: voter, triggerUserId: 0, objectId: post.id, originalObjectId: post.questionId, key: k.voter, capped: false, now },
      moves,
    );
    await changeRank(
      trx,
      { userId: post.ownerId, triggerUserId: voter, objectId: post.id, originalObjectId: post.questionId, key: k.owner, capped: true, now },
      moves,
    );
    return true;
  };
  const { changed, result } = await ctx.db.transaction().execute(async (trx) => {
    const changed = await applyVote(trx);
    // the count is stored in the vote's transaction: a crash leaves both or neither
    return { changed, result: await tally(trx, kind, post.id, voter) };
  });
  emitRankMoves(ctx, moves, voter);
  if (changed)
    ctx.events.emit({
      type: 'vote.cast',
      objectId: post.id,
      objectType: post.kind,
      voterId: voter,
      ownerId: post.ownerId,
      direction: dir,
      cancelled: isCancel,
    });
  return result;
}
