import type { DbOrTrx } from '../../db/database.js';
import type { CommentStatus } from '../../contract/enums.js';
import type { CommentRow } from '../../db/tables/content.table.js';
import { ACTIVITY_TYPE, CANCELLED, COMMENT_STATUS, USER_STATUS } from '../../contract/enums.js';

/** Comment statuses (named in the contract). */
export { COMMENT_STATUS };

/** A comment by id, whatever its status. */
export async function findComment(db: DbOrTrx, id: string): Promise<CommentRow | undefined> {
  return db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a comment. */
export async function insertComment(
  db: DbOrTrx,
  row: {
    id: string;
    user_id: number;
    reply_user_id: number | null;
    reply_comment_id: string | null;
    object_id: string;
    question_id: string;
    original_text: string;
    parsed_text: string;
    now: number;
  },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('comment')
    .values({ ...rest, status: COMMENT_STATUS.available, created_at: now, updated_at: now })
    .execute();
}

/** Replaces a comment's text. */
export async function updateCommentText(db: DbOrTrx, id: string, originalText: string, parsedText: string, now: number): Promise<void> {
  await db
    .updateTable('comment')
    .set({ original_text: originalText, parsed_text: parsedText, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A user's comments that are not removed. */
export async function liveCommentsOfUser(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('comment')
    .select(['id', 'object_id', 'question_id'])
    .where('user_id', '=', userId)
    .where('status', '!=', COMMENT_STATUS.deleted)
    .execute();
}

/** Removes every comment of a user that is not removed yet. */
export async function removeCommentsOfUser(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('comment')
    .set({ status: COMMENT_STATUS.deleted, updated_at: now })
    .where('user_id', '=', userId)
    .where('status', '!=', COMMENT_STATUS.deleted)
    .execute();
}

/** Sets a comment's status (10 = soft deleted). */
export async function setCommentStatus(db: DbOrTrx, id: string, status: CommentStatus, now: number): Promise<void> {
  await db.updateTable('comment').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Stores an answer's number of available comments (answer.comment_count). */
export async function recountAnswerComments(db: DbOrTrx, answerId: string): Promise<void> {
  const { n } = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', answerId)
    .where('status', '=', COMMENT_STATUS.available)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('answer')
    .set({ comment_count: Number(n) })
    .where('id', '=', answerId)
    .execute();
}

/** One page of a post's available comments: '' oldest first, 'vote' most votes first, 'created_at' newest first. */
export async function pageObjectComments(
  db: DbOrTrx,
  q: { objectId: string; order: '' | 'vote' | 'created_at'; page: number; pageSize: number },
) {
  const base = db.selectFrom('comment').where('object_id', '=', q.objectId).where('status', '=', COMMENT_STATUS.available);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.selectAll();
  if (q.order === 'vote') list = list.orderBy('vote_count', 'desc').orderBy('created_at', 'asc').orderBy('id', 'asc');
  else if (q.order === 'created_at') list = list.orderBy('created_at', 'desc').orderBy('id', 'desc');
  else list = list.orderBy('created_at', 'asc').orderBy('id', 'asc');
  const rows = await list
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** One page of a user's available comments, newest first. */
export async function pageUserComments(db: DbOrTrx, q: { userId: number; page: number; pageSize: number }) {
  const base = db.selectFrom('comment').where('user_id', '=', q.userId).where('status', '=', COMMENT_STATUS.available);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** Which of these comments the user has voted up (active comment.vote_up activities). */
export async function votedComments(db: DbOrTrx, userId: number, commentIds: string[]): Promise<Set<string>> {
  if (commentIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', ACTIVITY_TYPE['comment.vote_up'])
    .where('cancelled', '=', CANCELLED.active)
    .where('object_id', 'in', commentIds)
    .execute();
  return new Set(rows.map((r) => r.object_id));
}

/** Users (not deleted) whose username is one of these, matched without regard to case. */
export async function usersByUsernames(db: DbOrTrx, names: string[]): Promise<{ id: number; username: string }[]> {
  const wanted = [...new Set(names.map((n) => n.toLowerCase()))].slice(0, 200);
  if (wanted.length === 0) return [];
  return db
    .selectFrom('user')
    .select(['id', 'username'])
    .where((eb) => eb(eb.fn('lower', ['username']), 'in', wanted))
    .where('status', '!=', USER_STATUS.deleted)
    .execute();
}

/** Titles and statuses of questions, by id. */
export async function questionHeads(db: DbOrTrx, ids: string[]): Promise<Map<string, { title: string; status: number }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('question').select(['id', 'title', 'status']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, { title: r.title, status: r.status }]));
}
