import { sql, type SelectQueryBuilder } from 'kysely';
import type { QuestionLinkStatus, QuestionStatus } from '../../contract/enums.js';
import type { Database, DbOrTrx } from '../../db/database.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import type { QuestionPageQuery } from './question.schema.js';
import { engineOf } from '../../db/dialect/handle.js';
import { ANSWER_STATUS, QUESTION_LINK_STATUS, QUESTION_STATUS, REVIEW_STATUS, SHOW_STATUS, TAG_REL_STATUS } from '../../contract/enums.js';

/** Inserts a question. */
export async function insertQuestion(
  db: DbOrTrx,
  row: { id: string; user_id: number; title: string; original_text: string; parsed_text: string; status: QuestionStatus; now: number },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('question')
    .values({ ...rest, created_at: now, updated_at: now, post_update_time: now })
    .execute();
}

/** The id of a user's first answer to a question that is not deleted. */
export async function firstOwnAnswer(db: DbOrTrx, questionId: string, userId: number): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', '!=', ANSWER_STATUS.deleted)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** Adds views to a question's view count. */
export async function addViews(db: DbOrTrx, id: string, n: number): Promise<void> {
  await db
    .updateTable('question')
    .set((eb) => ({ view_count: eb('view_count', '+', n) }))
    .where('id', '=', id)
    .execute();
}

/** What the hot score of every visible question needs (those created since a moment when given). */
export async function hotScoreInputs(db: DbOrTrx, page: { createdSince?: number; afterId: string; limit: number }) {
  let query = db
    .selectFrom('question as q')
    .select(['q.id', 'q.view_count', 'q.answer_count', 'q.vote_count', 'q.created_at', 'q.updated_at', 'q.hot_score'])
    .select((eb) =>
      eb
        .selectFrom('answer as a')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('a.vote_count'), e.val(0)).as('s'))
        .whereRef('a.question_id', '=', 'q.id')
        .where('a.status', '=', ANSWER_STATUS.available)
        .as('answer_votes'),
    )
    // `+status`: the status is checked on the rows read, not used to pick an index; SQLite otherwise
    // walks the status index and sorts every question for each page (684 ms a page at 100k questions,
    // against 48 ms walking the ids)
    .where(sql<number>`+${sql.ref('q.status')}`, 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
    // one page in id order after the last one read: ids are 17 digits, so text order is number order
    .where('q.id', '>', page.afterId)
    .orderBy('q.id')
    .limit(page.limit);
  if (page.createdSince !== undefined) query = query.where('q.created_at', '>=', page.createdSince);
  return query.execute();
}

/** Stores a question's hot score. */
export async function setHotScore(db: DbOrTrx, id: string, score: number): Promise<void> {
  await db.updateTable('question').set({ hot_score: score }).where('id', '=', id).execute();
}

/** A user's questions that are not removed. */
export async function liveQuestionsOfUser(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('question')
    .select(['id', 'user_id'])
    .where('user_id', '=', userId)
    .where('status', '!=', QUESTION_STATUS.deleted)
    .execute();
}

/** Adds one to a question's view count. */
/** A question's stored view count (0 when there is no such question). */
export async function viewCountOf(db: DbOrTrx, id: string): Promise<number> {
  const row = await db.selectFrom('question').select('view_count').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.view_count) : 0;
}

export async function addView(db: DbOrTrx, id: string): Promise<void> {
  await db
    .updateTable('question')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Recounts a user's available questions. */
export async function recountUserQuestions(db: DbOrTrx, userId: number): Promise<void> {
  const { n } = await db
    .selectFrom('question')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user')
    .set({ question_count: Number(n) })
    .where('id', '=', userId)
    .execute();
}

/**
 * The total of an unfiltered question list as SQLite's triggers keep it (question_total: 'listed'
 * shown and open or closed, 'unanswered' shown, open and without answers); null on PostgreSQL,
 * which counts.
 */
async function keptTotal(db: DbOrTrx, name: 'listed' | 'unanswered'): Promise<number | null> {
  if (engineOf(db) !== 'sqlite') return null;
  const { rows } = await sql<{ n: number }>`SELECT n FROM question_total WHERE name = ${name}`.execute(db);
  return rows.length ? Number(rows[0].n) : null;
}

/** One page of the question list with the reference's filters and orders. */
export async function pageQuestions(
  db: DbOrTrx,
  q: QuestionPageQuery & { tagIds?: string[]; userId?: number; now: number },
  cachedCount: (key: string, compute: () => Promise<number>) => Promise<number> = (_k, compute) => compute(),
) {
  let base = db.selectFrom('question as q').where('q.show', '=', SHOW_STATUS.shown);
  base =
    q.order === 'unanswered'
      ? base.where('q.status', '=', QUESTION_STATUS.available).where('q.answer_count', '=', 0)
      : base.where('q.status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed]);
  // a tag filter: the tag's few questions are fetched through tag_rel and sorted; a popular tag's
  // are found by walking the order's index and checking each (it stops after one page)
  let countBase = base;
  if (q.tagIds) {
    const ids = q.tagIds;
    const tagged = db
      .selectFrom('tag_rel as r')
      .select('r.object_id')
      .where('r.tag_id', 'in', ids)
      .where('r.status', '=', TAG_REL_STATUS.available);
    const { n } = await db
      .selectFrom('tag')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('question_count'), eb.val(0)).as('n'))
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    countBase = base.where('q.id', 'in', tagged);
    base =
      Number(n) <= 2000
        ? countBase
        : base.where((eb) =>
            eb.exists(
              eb
                .selectFrom('tag_rel as r')
                .select('r.id')
                .whereRef('r.object_id', '=', 'q.id')
                .where('r.tag_id', 'in', ids)
                .where('r.status', '=', TAG_REL_STATUS.available),
            ),
          );
  }
  const narrow = <T extends typeof base>(b: T): T => {
    let x = b;
    if (q.userId !== undefined) x = x.where('q.user_id', '=', q.userId) as T;
    if (q.in_days) x = x.where('q.created_at', '>=', q.now - q.in_days * 86400) as T;
    if (q.order === 'active' && !q.in_days)
      x = x.where('q.created_at', '>=', q.now - 180 * 86400).where('q.post_update_time', '>=', q.now - 90 * 86400) as T;
    return x;
  };
  base = narrow(base);
  countBase = narrow(countBase);
  // an unfiltered list's total is kept by SQLite's triggers; any other costs a walk over every
  // question it counts: it may be reused for a few seconds (time filters round to the minute so the
  // key repeats)
  const unfiltered = !q.tagIds && q.userId === undefined && !q.in_days && q.order !== 'active';
  const kept = unfiltered ? await keptTotal(db, q.order === 'unanswered' ? 'unanswered' : 'listed') : null;
  const key = JSON.stringify([q.order, q.tagIds ?? null, q.userId ?? null, q.in_days ?? 0, Math.floor(q.now / 60)]);
  const count =
    kept ??
    (await cachedCount(key, async () =>
      Number((await countBase.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()).count),
    ));
  const list = orderQuestions(base.selectAll('q'), q.order);
  const rows = await list
    .orderBy('q.id', 'desc')
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { count: Number(count), rows };
}

/** The fields of an answer that links and rules need. */
export async function findAnswerBrief(db: DbOrTrx, id: string) {
  return db
    .selectFrom('answer')
    .select(['id', 'question_id', 'user_id', 'status', 'parsed_text', 'vote_count', 'adopted'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Updates some columns of a question. */
export async function updateQuestion(db: DbOrTrx, id: string, patch: Partial<Omit<QuestionRow, 'id'>>): Promise<void> {
  await db.updateTable('question').set(patch).where('id', '=', id).execute();
}

/** Available answers of a question (id and votes), for the delete rule. */
export async function availableAnswers(db: DbOrTrx, questionId: string) {
  return db
    .selectFrom('answer')
    .select(['id', 'vote_count', 'user_id'])
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .execute();
}

/** Ids of the available answers of a question. */
export async function availableAnswerIds(db: DbOrTrx, questionId: string): Promise<string[]> {
  return (await availableAnswers(db, questionId)).map((a) => a.id);
}

/** Rejects pending queued-post reviews of an object (its deletion settles them). */
export async function rejectPendingReviews(db: DbOrTrx, objectId: string, reviewerId: number, now: number): Promise<void> {
  await db
    .updateTable('review')
    .set({ status: REVIEW_STATUS.rejected, reviewer_user_id: reviewerId, updated_at: now })
    .where('object_id', '=', objectId)
    .where('status', '=', REVIEW_STATUS.pending)
    .execute();
}

const CLOSE_KEY = 'question.close.reason';

/** The close reason stored in meta, if any. */
export async function closeReason(
  db: DbOrTrx,
  questionId: string,
): Promise<{ close_type: number; close_msg: string; time: number } | undefined> {
  const row = await db
    .selectFrom('meta')
    .select(['value', 'updated_at'])
    .where('object_id', '=', questionId)
    .where('key', '=', CLOSE_KEY)
    .executeTakeFirst();
  if (!row) return undefined;
  try {
    const v = JSON.parse(row.value) as { close_type?: unknown; close_msg?: unknown };
    return { close_type: Number(v.close_type ?? 0), close_msg: typeof v.close_msg === 'string' ? v.close_msg : '', time: row.updated_at };
  } catch {
    return undefined;
  }
}

/** Saves (or replaces) the close reason. */
export async function saveCloseReason(
  db: DbOrTrx,
  questionId: string,
  value: { close_type: number; close_msg: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('meta')
    .values({ object_id: questionId, key: CLOSE_KEY, value: JSON.stringify(value), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}

/** Removes the close reason. */
export async function deleteCloseReason(db: DbOrTrx, questionId: string): Promise<void> {
  await db.deleteFrom('meta').where('object_id', '=', questionId).where('key', '=', CLOSE_KEY).execute();
}

/** The link rows written by one source (any status). */
export async function linksFrom(db: DbOrTrx, fromQuestionId: string, fromAnswerId: string) {
  return db
    .selectFrom('question_link')
    .select(['id', 'to_question_id', 'to_answer_id', 'status'])
    .where('from_question_id', '=', fromQuestionId)
    .where('from_answer_id', '=', fromAnswerId)
    .orderBy('id')
    .execute();
}

/** Sets one link row's status. */
export async function setLinkStatus(db: DbOrTrx, id: number, status: QuestionLinkStatus, now: number): Promise<void> {
  await db.updateTable('question_link').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** Inserts an available link row. */
export async function insertLink(
  db: DbOrTrx,
  row: { from_question_id: string; from_answer_id: string; to_question_id: string; to_answer_id: string; now: number },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('question_link')
    .values({ ...rest, status: QUESTION_LINK_STATUS.available, created_at: now, updated_at: now })
    .execute();
}

/** Sets the status of the link rows matching a source and/or a target; returns the targets whose rows changed. */
export async function setLinksStatusWhere(
  db: DbOrTrx,
  w: { fromQuestionId?: string; fromAnswerId?: string; toQuestionId?: string },
  status: QuestionLinkStatus,
  now: number,
): Promise<string[]> {
  let q = db.selectFrom('question_link').select(['id', 'to_question_id']).where('status', '!=', status);
  if (w.fromQuestionId !== undefined) q = q.where('from_question_id', '=', w.fromQuestionId);
  if (w.fromAnswerId !== undefined) q = q.where('from_answer_id', '=', w.fromAnswerId);
  if (w.toQuestionId !== undefined) q = q.where('to_question_id', '=', w.toQuestionId);
  const rows = await q.execute();
  if (rows.length === 0) return [];
  await db
    .updateTable('question_link')
    .set({ status, updated_at: now })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return [...new Set(rows.map((r) => r.to_question_id))];
}

/** The sources (question text or answer) that have a link row to a question, any status. */
export async function linkSourcesTo(db: DbOrTrx, questionId: string) {
  return db
    .selectFrom('question_link')
    .select(['from_question_id', 'from_answer_id'])
    .distinct()
    .where('to_question_id', '=', questionId)
    .execute();
}

/** Recounts linked_count (available link rows pointing at the question) of some questions. */
export async function recountLinked(db: DbOrTrx, questionIds: string[]): Promise<void> {
  for (const id of new Set(questionIds)) {
    const { n } = await db
      .selectFrom('question_link')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_question_id', '=', id)
      .where('status', '=', QUESTION_LINK_STATUS.available)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('question')
      .set({ linked_count: Number(n) })
      .where('id', '=', id)
      .execute();
  }
}

/** Config rows (id, key) by key: reasons are referenced by their config id. */
export async function configRowsByKeys(db: DbOrTrx, keys: string[]) {
  if (keys.length === 0) return [];
  return db.selectFrom('config').select(['id', 'key']).where('key', 'in', keys).execute();
}

/** A config key by id. */
export async function configKeyById(db: DbOrTrx, id: number): Promise<string | undefined> {
  return (await db.selectFrom('config').select('key').where('id', '=', id).executeTakeFirst())?.key;
}

type QuestionSelect = SelectQueryBuilder<Database & { q: Database['question'] }, 'q', QuestionRow>;

/** The list orders of question/page (pinned first; id breaks ties so pages never overlap). */
export function orderQuestions(list: QuestionSelect, order: string): QuestionSelect {
  const pinned = list.orderBy('q.pin', 'desc');
  switch (order) {
    case 'active':
      return pinned.orderBy('q.post_update_time', 'desc').orderBy('q.updated_at', 'desc');
    case 'hot':
      return pinned.orderBy('q.hot_score', 'desc');
    case 'score':
      return pinned.orderBy('q.vote_count', 'desc').orderBy('q.view_count', 'desc');
    case 'frequent':
      return pinned.orderBy('q.linked_count', 'desc').orderBy('q.updated_at', 'desc');
    default:
      return pinned.orderBy('q.created_at', 'desc');
  }
}
