import { ACTIVITY_TYPE } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import { newObjectId, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { defaultGroupId, findCollection, insertCollection, recountQuestionCollections } from '../collection/collection-common.service.js';
import { changeRank } from '../rank/rank.service.js';
import { moveScoreIntoVotes, moveVoteTally, scoreOffset } from '../vote/vote-common.service.js';
import { ALREADY_THERE, AlreadyThere, skip, type Trx } from './stackexchange-common.js';
import type { SeImport } from './stackexchange-context.js';
import type { ImportedPost, ImportedUser } from './stackexchange-ids.js';
import * as repo from './stackexchange.repository.js';
import { rowProblem, voteRow, type VoteRow } from './stackexchange.schema.js';

/** Writes an up or down vote of an imported voter, moving it out of the score the post brought along. */
async function writeVote(t: DbOrTrx, v: VoteRow, post: ImportedPost, voter: ImportedUser): Promise<void> {
  const kind = post.id === post.questionId ? 'question' : 'answer';
  const owner = await repo.postOwner(t, kind, post.id);
  if (owner.user_id === voter.id) throw new AlreadyThere('own post');
  const types = [ACTIVITY_TYPE[`${kind}.vote_up`], ACTIVITY_TYPE[`${kind}.vote_down`]];
  const cast = await repo.liveActivityOf(t, post.id, voter.id, types);
  if (cast) throw new AlreadyThere();
  const dir = v.VoteTypeId === 2 ? 'up' : 'down';
  const rank = { objectId: post.id, originalObjectId: post.questionId, delta: 0, capped: false, now: v.CreationDate };
  // reputation came along with Users.xml: the rows carry none
  await changeRank(t, { ...rank, userId: voter.id, triggerUserId: 0, key: `${kind}.vote_${dir}` });
  await changeRank(t, { ...rank, userId: owner.user_id, triggerUserId: voter.id, key: `${kind}.voted_${dir}` });
  await moveScoreIntoVotes(t, post.id, dir === 'up' ? 1 : -1, v.CreationDate);
  // the post's tally counts the row; its score stays (what the offset lost, the row adds)
  await moveVoteTally(t, kind, post.id, { up: dir === 'up' ? 1 : 0, down: dir === 'down' ? 1 : 0 }, await scoreOffset(t, post.id));
}

/** An up or down vote (2, 3): a member's vote when the voter was imported, else left in the score. */
async function importVote(cx: SeImport, trx: Trx, v: VoteRow, post: ImportedPost): Promise<void> {
  const counts = cx.report.votes;
  const voter = v.UserId !== undefined ? cx.ids.users.get(`u/${v.UserId}`) : undefined;
  if (!voter) {
    counts.inScore += 1;
    return;
  }
  const failed = await cx.batches.atomically(trx, (t) => writeVote(t, v, post, voter));
  if (failed === ALREADY_THERE) counts.existing += 1;
  else if (failed === 'own post') counts.inScore += 1;
  else if (failed) skip(counts, `database: ${failed}`);
  else {
    counts.imported += 1;
    counts.votes += 1;
  }
}

/** A favorite (5) of an imported user: a bookmark of the question. */
async function importFavorite(cx: SeImport, trx: Trx, v: VoteRow, post: ImportedPost): Promise<void> {
  const counts = cx.report.votes;
  const user = v.UserId !== undefined ? cx.ids.users.get(`u/${v.UserId}`) : undefined;
  if (!user) return skip(counts, 'favorite of an unknown user (UserId)');
  if (post.id !== post.questionId) return skip(counts, 'favorite of an answer');
  const failed = await cx.batches.atomically(trx, async (t) => {
    if (await findCollection(t, user.id, post.id)) throw new AlreadyThere();
    const group = await defaultGroupId(t, user.id, v.CreationDate);
    await insertCollection(t, {
      id: await newObjectId(t, OBJECT_TYPE.collection),
      user_id: user.id,
      object_id: post.id,
      group_id: group,
      now: v.CreationDate,
    });
    await recountQuestionCollections(t, post.id);
  });
  if (failed === ALREADY_THERE) counts.existing += 1;
  else if (failed) skip(counts, `database: ${failed}`);
  else {
    counts.imported += 1;
    counts.bookmarks += 1;
  }
}

/**
 * Votes.xml. Up and down votes (2, 3) are in the posts' scores already; one with the id of an
 * imported voter becomes that member's vote, and the score the post brought along is lowered by
 * the same, so the score stays. Favorites (5) of imported users become bookmarks. Bounties and
 * other kinds are counted, not kept.
 */
export async function importVotes(cx: SeImport): Promise<void> {
  const counts = cx.report.votes;
  await cx.batches.eachRow('Votes.xml', async (trx, raw) => {
    counts.rows += 1;
    const parsed = voteRow.safeParse(raw);
    if (!parsed.success) return skip(counts, rowProblem(parsed.error));
    const v: VoteRow = parsed.data;
    const post = cx.ids.posts.get(v.PostId);
    if (!post) return skip(counts, 'unknown post (PostId)');
    if (v.VoteTypeId === 2 || v.VoteTypeId === 3) return importVote(cx, trx, v, post);
    if (v.VoteTypeId === 5) return importFavorite(cx, trx, v, post);
    if (v.VoteTypeId === 8 || v.VoteTypeId === 9) return skip(counts, 'bounty (not kept)');
    skip(counts, `vote type ${v.VoteTypeId} (not kept)`);
  });
}
