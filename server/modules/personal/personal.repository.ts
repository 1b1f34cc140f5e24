import type { DbOrTrx } from '../../db/database.js';
import type { AnswerStatus, QuestionStatus } from '../../contract/enums.js';
import { CANCELLED, SHOW_STATUS } from '../../contract/enums.js';

/** What the user's question lists show: no bodies (reading them was most of a top list's time on a 100k site). */
const QUESTION_BRIEF = [
  'q.id',
  'q.title',
  'q.vote_count',
  'q.view_count',
  'q.answer_count',
  'q.collection_count',
  'q.created_at',
  'q.accepted_answer_id',
  'q.status',
] as const;

/** What the user's answer lists show of an answer (its question's title and status come beside). */
const ANSWER_BRIEF = ['a.id', 'a.question_id', 'a.adopted', 'a.vote_count', 'a.created_at', 'a.updated_at'] as const;

/** One page of a user's questions: newest (pin, created desc) or score (pin, votes, views desc). */
export async function pageUserQuestions(
  db: DbOrTrx,
  q: {
    userId: number;
    statuses: QuestionStatus[];
    includeHidden: boolean;
    order: 'newest' | 'score';
    page: number;
    pageSize: number;
    withCount?: boolean;
  },
) {
  let base = db.selectFrom('question as q').where('q.user_id', '=', q.userId).where('q.status', 'in', q.statuses);
  if (!q.includeHidden) base = base.where('q.show', '=', SHOW_STATUS.shown);
  // the total walks all of a prolific user's questions: only pages that show it ask for it
  const { count } =
    q.withCount === false ? { count: -1 } : await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.select(QUESTION_BRIEF).orderBy('q.pin', 'desc');
  list = q.order === 'score' ? list.orderBy('q.vote_count', 'desc').orderBy('q.view_count', 'desc') : list.orderBy('q.created_at', 'desc');
  const rows = await list
    .orderBy('q.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/**
 * One page of a user's answers with their question's title and status: newest (created desc),
 * score (accepted, votes desc, then oldest) or votes (votes desc, then oldest).
 */
export async function pageUserAnswers(
  db: DbOrTrx,
  q: {
    userId: number;
    statuses: AnswerStatus[];
    questionStatuses: QuestionStatus[];
    order: 'newest' | 'score' | 'votes';
    page: number;
    pageSize: number;
    withCount?: boolean;
  },
) {
  const base = db
    .selectFrom('answer as a')
    .innerJoin('question as q', 'q.id', 'a.question_id')
    .where('a.user_id', '=', q.userId)
    .where('a.status', 'in', q.statuses)
    .where('q.status', 'in', q.questionStatuses);
  const { count } =
    q.withCount === false ? { count: -1 } : await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.select(ANSWER_BRIEF).select(['q.title as question_title', 'q.status as question_status']);
  if (q.order === 'newest') list = list.orderBy('a.created_at', 'desc');
  else if (q.order === 'score') list = list.orderBy('a.adopted', 'desc').orderBy('a.vote_count', 'desc').orderBy('a.created_at', 'asc');
  else list = list.orderBy('a.vote_count', 'desc').orderBy('a.created_at', 'asc');
  const rows = await list
    .orderBy('a.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** One page of a user's active activities of some types, newest first; `nonZeroRank` keeps reputation changes only. */
export async function pageActivities(
  db: DbOrTrx,
  q: {
    userId: number;
    types: number[];
    nonZeroRank: boolean;
    orderBy: 'created_at' | 'updated_at';
    page: number;
    pageSize: number;
    offset?: number;
    limit?: number;
  },
) {
  let base = db
    .selectFrom('activity')
    .where('user_id', '=', q.userId)
    .where('cancelled', '=', CANCELLED.active)
    .where('activity_type', 'in', q.types);
  if (q.nonZeroRank) base = base.where('has_rank', '=', 1).where('rank', '!=', 0);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'object_id', 'activity_type', 'rank', 'created_at', 'updated_at'])
    .orderBy(q.orderBy, 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit ?? q.pageSize)
    .offset(q.offset ?? (q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** How many of a user's reputation changes are newer than `at` (the ones listed before an entry of that date). */
export async function countRankNewerThan(db: DbOrTrx, userId: number, types: number[], at: number): Promise<number> {
  const { n } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('cancelled', '=', CANCELLED.active)
    .where('activity_type', 'in', types)
    .where('has_rank', '=', 1)
    .where('rank', '!=', 0)
    .where('created_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Questions by id. */
export async function questionsByIds(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('question').select(['id', 'user_id', 'title', 'parsed_text', 'status']).where('id', 'in', ids).execute();
}

/** Answers by id. */
export async function answersByIds(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('answer').select(['id', 'question_id', 'user_id', 'parsed_text', 'status']).where('id', 'in', ids).execute();
}

/** Comments by id. */
export async function commentsByIds(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('comment')
    .select(['id', 'object_id', 'question_id', 'user_id', 'parsed_text', 'status'])
    .where('id', 'in', ids)
    .execute();
}

/** Tags by id. */
export async function tagsByIds(db: DbOrTrx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('tag').select(['id', 'slug_name', 'parsed_text', 'status']).where('id', 'in', ids).execute();
}
