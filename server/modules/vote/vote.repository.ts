import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import { CANCELLED } from '../../contract/enums.js';

/** Stores the vote count shown on a question, answer or comment. */
export async function setVoteCount(db: DbOrTrx, kind: 'question' | 'answer' | 'comment', id: string, votes: number): Promise<void> {
  await db.updateTable(kind).set({ vote_count: votes }).where('id', '=', id).execute();
}

/**
 * A post's active votes of one voter, and the owner's activities they triggered: each found by a seek
 * of activity_object_active_idx (object, type, cancelled, user, trigger), however many votes the
 * post has. The owner's rows are theirs (user_id) and name the voter as trigger.
 */
export async function votersRows(
  db: DbOrTrx,
  objectId: string,
  voterTypes: number[],
  ownerTypes: number[],
  voterId: number,
  ownerId: number,
) {
  const rows = (types: number[], userId: number) =>
    db
      .selectFrom('activity')
      .select(['id', 'user_id', 'trigger_user_id', 'activity_type', 'rank'])
      .where('object_id', '=', objectId)
      .where('activity_type', 'in', types)
      .where('cancelled', '=', CANCELLED.active)
      .where('user_id', '=', userId);
  return rows(voterTypes, voterId)
    .unionAll(rows(ownerTypes, ownerId).where('trigger_user_id', '=', voterId))
    .execute();
}

/**
 * Moves a post's stored up and down votes by the changes of one vote and sets its vote count from
 * them (plus the score an imported post brought along); returns the new figures.
 */
export async function moveVoteTally(
  db: DbOrTrx,
  kind: 'question' | 'answer',
  id: string,
  change: { up: number; down: number },
  offset: number,
): Promise<{ up_votes: number; down_votes: number; vote_count: number }> {
  const row = await db
    .updateTable(kind)
    .set({
      up_votes: sql`up_votes + ${change.up}`,
      down_votes: sql`down_votes + ${change.down}`,
      vote_count: sql`up_votes + ${change.up} - (down_votes + ${change.down}) + ${offset}`,
    })
    .where('id', '=', id)
    .returning(['up_votes', 'down_votes', 'vote_count'])
    .executeTakeFirstOrThrow();
  return { up_votes: Number(row.up_votes), down_votes: Number(row.down_votes), vote_count: Number(row.vote_count) };
}

/**
 * The meta key holding the score an imported post or comment brought along (its votes on the
 * original site, which have no vote rows here). A recount of votes adds it, so a member's vote on
 * an imported post of score 6 makes it 7, not 1.
 */
export const SCORE_OFFSET_KEY = 'stackexchange.score';

/** Records an imported object's score offset (nothing for 0). */
export async function setScoreOffset(db: DbOrTrx, objectId: string, score: number, now: number): Promise<void> {
  if (score === 0) return;
  await db
    .insertInto('meta')
    .values({ object_id: objectId, key: SCORE_OFFSET_KEY, value: String(score), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doUpdateSet({ value: String(score), updated_at: now }))
    .execute();
}

/** The score an object brought from an import (0 for anything not imported). */
export async function scoreOffset(db: DbOrTrx, objectId: string): Promise<number> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', objectId)
    .where('key', '=', SCORE_OFFSET_KEY)
    .executeTakeFirst();
  const n = row ? Number(row.value) : 0;
  return Number.isSafeInteger(n) ? n : 0;
}

/**
 * Turns one vote of an imported post's score into a vote row: the offset loses what the row now
 * counts (+1 for an up vote, -1 for a down vote), so the score stays.
 */
export async function moveScoreIntoVotes(db: DbOrTrx, objectId: string, vote: 1 | -1, now: number): Promise<void> {
  const left = (await scoreOffset(db, objectId)) - vote;
  if (left === 0) await db.deleteFrom('meta').where('object_id', '=', objectId).where('key', '=', SCORE_OFFSET_KEY).execute();
  else await setScoreOffset(db, objectId, left, now);
}
