import type { DbOrTrx } from '../../db/database.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import type { QuestionPageQuery } from './question.schema.js';

/** A question by id. */
export async function findQuestion(db: DbOrTrx, id: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a question. */
export async function insertQuestion(db: DbOrTrx, row: { id: string; user_id: number; title: string; original_text: string; parsed_text: string; status: number; now: number }): Promise<void> {
  const { now, ...rest } = row;
  await db.insertInto('question').values({ ...rest, created_at: now, updated_at: now, post_update_time: now }).execute();
}

/** Adds one to a question's view count. */
export async function addView(db: DbOrTrx, id: string): Promise<void> {
  await db.updateTable('question').set((eb) => ({ view_count: eb('view_count', '+', 1) })).where('id', '=', id).execute();
}

/** Recounts a user's available questions. */
export async function recountUserQuestions(db: DbOrTrx, userId: number): Promise<void> {
  const { n } = await db.selectFrom('question').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('status', 'in', [1, 2]).executeTakeFirstOrThrow();
  await db.updateTable('user').set({ question_count: Number(n) }).where('id', '=', userId).execute();
}

/** Writes a revision; returns its id. */
export async function insertRevision(db: DbOrTrx, row: { user_id: number; object_type: number; object_id: string; title: string; content: string; log: string; status: number; now: number }): Promise<number> {
  const { now, ...rest } = row;
  const r = await db.insertInto('revision').values({ ...rest, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** One page of the question list with the reference's filters and orders. */
export async function pageQuestions(db: DbOrTrx, q: QuestionPageQuery & { tagIds?: string[]; userId?: number; now: number }) {
  let base = db.selectFrom('question as q').where('q.show', '=', 1);
  base = q.order === 'unanswered' ? base.where('q.status', '=', 1).where('q.answer_count', '=', 0) : base.where('q.status', 'in', [1, 2]);
  if (q.tagIds) {
    const ids = q.tagIds;
    base = base.where((eb) => eb.exists(eb.selectFrom('tag_rel as r').select('r.id').whereRef('r.object_id', '=', 'q.id').where('r.tag_id', 'in', ids).where('r.status', '=', 1)));
  }
  if (q.userId !== undefined) base = base.where('q.user_id', '=', q.userId);
  if (q.in_days) base = base.where('q.created_at', '>=', q.now - q.in_days * 86400);
  if (q.order === 'hot') base = base.where('q.created_at', '>=', q.now - 90 * 86400);
  if (q.order === 'active' && !q.in_days) base = base.where('q.created_at', '>=', q.now - 180 * 86400).where('q.post_update_time', '>=', q.now - 90 * 86400);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.selectAll('q').orderBy('q.pin', 'desc');
  switch (q.order) {
    case 'active':
      list = list.orderBy('q.post_update_time', 'desc').orderBy('q.updated_at', 'desc');
      break;
    case 'hot':
      list = list.orderBy('q.hot_score', 'desc');
      break;
    case 'score':
      list = list.orderBy('q.vote_count', 'desc').orderBy('q.view_count', 'desc');
      break;
    case 'frequent':
      list = list.orderBy('q.linked_count', 'desc').orderBy('q.updated_at', 'desc');
      break;
    default:
      list = list.orderBy('q.created_at', 'desc');
  }
  const rows = await list.orderBy('q.id', 'desc').limit(q.page_size).offset((q.page - 1) * q.page_size).execute();
  return { count: Number(count), rows };
}
