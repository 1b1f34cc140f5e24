import type { AppContext } from '../../app-context.js';
import type { VoteResult } from '../../contract/api/vote.js';
import type { DbOrTrx } from '../../db/database.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { decodeId, objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { findComment } from '../comment/comment-common.service.js';
import { findPost } from '../comment/comment.service.js';
import { requirePermission } from '../permission/permission.service.js';
import { isHiddenStatus, mayVoteOn } from '../permission/policy.js';
import { activeActivities, cancelActivity, changeRank, emitRankMoves, type RankMove } from '../rank/rank.service.js';
import { moveVoteTally, scoreOffset, setVoteCount, votersRows } from './vote.repository.js';
import type { SessionUser } from '../session/session.service.js';
import { ACTIVITY_TYPE, type ActivityKey, POST_STATUS } from '../../contract/enums.js';

type Direction = 'up' | 'down';

/**
 * A votable post: its kind, owner, status and the question it belongs to. `unpublished` when it is
 * not out for everyone to read: queued for review itself, or on a question or answer that is queued
 * or deleted (its own deletion is told apart: already_deleted, as the reference answers).
 */
async function votable(ctx: AppContext, rawId: string) {
  const id = decodeId(rawId);
  const type = id ? objectTypeOf(id) : null;
  if (id && (type === OBJECT_TYPE.question || type === OBJECT_TYPE.answer)) {
    const post = await findPost(ctx.db, id);
    if (post)
      return {
        kind: post.type,
        id,
        ownerId: post.ownerId,
        questionId: post.questionId,
        status: post.status,
        unpublished: post.status === POST_STATUS.pending || (post.type === 'answer' && isHiddenStatus(post.questionStatus)),
      };
  }
  if (id && type === OBJECT_TYPE.comment) {
    const c = await findComment(ctx.db, id);
    const on = c ? await findPost(ctx.db, c.object_id) : undefined;
    if (c)
      return {
        kind: 'comment' as const,
        id,
        ownerId: c.user_id,
        questionId: c.question_id,
        status: c.status,
        unpublished: c.status === POST_STATUS.pending || !on || isHiddenStatus(on.status) || isHiddenStatus(on.questionStatus),
      };
  }
  throw badRequest('error.object.not_found');
}

const keys = (kind: 'question' | 'answer', dir: Direction) => ({
  voter: `${kind}.vote_${dir}` as ActivityKey,
  owner: `${kind}.voted_${dir}` as ActivityKey,
});

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
  return {
    up_votes: up.length,
    down_votes: 0,
    votes,
    vote_status: up.some((a) => a.user_id === voter) ? ('vote_up' as const) : ('' as const),
  };
}

/** POST vote/up and vote/down, with undo (is_cancel) and switching direction. */
export async function vote(ctx: AppContext, session: SessionUser, rawId: string, dir: Direction, isCancel: boolean): Promise<VoteResult> {
  const post = await votable(ctx, rawId);
  // a queued post (or one under a queued or deleted post) is not out yet: nobody votes on it, and
  // those who cannot see it learn nothing of it (404, as its page answers them)
  if (post.unpublished) throw notFound('error.object.not_found');
  if (!mayVoteOn(session, post.ownerId)) throw new AppError(400, 'error.object.disallow_vote_your_self', { err_type: 'toast' });
  if (post.status === POST_STATUS.deleted) throw badRequest('error.object.already_deleted');
  if (post.kind === 'comment') return voteComment(ctx, session, post, dir, isCancel);
  await requirePermission(ctx, session, `${post.kind}.vote_${dir}`);
  const kind = post.kind;
  const now = ctx.clock.now();
  const voter = session.user.id;
  const moves: RankMove[] = [];
  const other: Direction = dir === 'up' ? 'down' : 'up';
  const type = (d: Direction, who: 'voter' | 'owner') => ACTIVITY_TYPE[keys(kind, d)[who]];
  /**
   * Applies the vote in its transaction and keeps the post's tally there: a crash leaves the vote and
   * its counts both or neither. Only the voter's own rows are read (a seek each), never the post's
   * other votes.
   */
  const applyVote = async (trx: DbOrTrx) => {
    const rows = await votersRows(
      trx,
      post.id,
      [type('up', 'voter'), type('down', 'voter')],
      [type('up', 'owner'), type('down', 'owner')],
      voter,
      post.ownerId,
    );
    const has = (d: Direction) => rows.some((a) => a.activity_type === type(d, 'voter'));
    const change = { up: 0, down: 0 };
    let changed = false;
    const cancel = async (d: Direction) => {
      for (const a of rows.filter((r) => r.activity_type === type(d, 'voter') || r.activity_type === type(d, 'owner'))) {
        await cancelActivity(trx, a.id, now, moves);
        if (a.activity_type === type(d, 'voter')) change[d]--;
        changed = true;
      }
    };
    let mine: Direction | null;
    if (isCancel) {
      await cancel(dir);
      mine = has(other) ? other : null;
    } else {
      await cancel(other);
      mine = dir;
      if (!has(dir)) {
        const k = keys(kind, dir);
        await changeRank(
          trx,
          { userId: voter, triggerUserId: 0, objectId: post.id, originalObjectId: post.questionId, key: k.voter, capped: false, now },
          moves,
        );
        await changeRank(
          trx,
          {
            userId: post.ownerId,
            triggerUserId: voter,
            objectId: post.id,
            originalObjectId: post.questionId,
            key: k.owner,
            capped: true,
            now,
          },
          moves,
        );
        change[dir]++;
        changed = true;
      }
    }
    const tally = await moveVoteTally(trx, kind, post.id, change, await scoreOffset(trx, post.id));
    return {
      changed,
      result: {
        up_votes: tally.up_votes,
        down_votes: tally.down_votes,
        votes: tally.vote_count,
        vote_status: mine ? (`vote_${mine}` as const) : ('' as const),
      },
    };
  };
  const { changed, result } = await ctx.db.transaction().execute(applyVote);
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
