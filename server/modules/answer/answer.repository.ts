import type { DbOrTrx } from '../../db/database.js';
import type { AnswerRow } from '../../db/tables/content.table.js';
import { ADOPTED, ANSWER_STATUS } from '../../contract/enums.js';

/** Whether a user already has an answer (any status but deleted) on a question. */
export async function userHasAnswered(db: DbOrTrx, questionId: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('user_id', '=', userId)
    .where('status', '!=', ANSWER_STATUS.deleted)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts an answer. */
export async function insertAnswer(
  db: DbOrTrx,
  row: { id: string; question_id: string; user_id: number; original_text: string; parsed_text: string; now: number },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('answer')
    .values({ ...rest, created_at: now, updated_at: now })
    .execute();
}

/** Recounts the question's available answers and the author's answers; bumps activity time unless told not to. */
export async function afterAnswerChange(
  db: DbOrTrx,
  questionId: string,
  userId: number,
  lastAnswerId: string | null,
  now: number,
  bump = true,
): Promise<void> {
  const { n } = await db
    .selectFrom('answer')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .executeTakeFirstOrThrow();
  const patch: Record<string, unknown> = { answer_count: Number(n) };
  if (bump) patch.post_update_time = now;
  if (lastAnswerId) patch.last_answer_id = lastAnswerId;
  await db.updateTable('question').set(patch).where('id', '=', questionId).execute();
  const mine = await db
    .selectFrom('answer')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', ANSWER_STATUS.available)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('user')
    .set({ answer_count: Number(mine.n) })
    .where('id', '=', userId)
    .execute();
}

/** One page of a question's answers visible to the viewer. */
export async function pageAnswers(
  db: DbOrTrx,
  q: { questionId: string; order: string; page: number; pageSize: number; viewerId?: number; seeAll: boolean },
) {
  let base = db.selectFrom('answer').where('question_id', '=', q.questionId);
  if (!q.seeAll)
    base = base.where((eb) =>
      q.viewerId
        ? eb.or([eb('status', '=', ANSWER_STATUS.available), eb('user_id', '=', q.viewerId)])
        : eb('status', '=', ANSWER_STATUS.available),
    );
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.selectAll();
  if (q.order === 'vote') list = list.orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
  else if (q.order === 'updated') list = list.orderBy('created_at', 'desc');
  else if (q.order === 'created') list = list.orderBy('created_at', 'asc');
  else list = list.orderBy('adopted', 'desc').orderBy('vote_count', 'desc').orderBy('created_at', 'asc');
  const rows = await list
    .orderBy('id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** Updates some columns of an answer. */
export async function updateAnswer(db: DbOrTrx, id: string, patch: Partial<Omit<AnswerRow, 'id'>>): Promise<void> {
  await db.updateTable('answer').set(patch).where('id', '=', id).execute();
}

/** Moves a question's last activity time (an answer was edited). */
export async function touchQuestion(db: DbOrTrx, questionId: string, now: number): Promise<void> {
  await db.updateTable('question').set({ post_update_time: now }).where('id', '=', questionId).execute();
}

/** Makes an answer (or none) the question's accepted one: every other answer of it is not adopted. */
export async function setAcceptedAnswer(db: DbOrTrx, questionId: string, answerId: string | undefined): Promise<void> {
  await db.updateTable('answer').set({ adopted: ADOPTED.no }).where('question_id', '=', questionId).execute();
  await db
    .updateTable('question')
    .set({ accepted_answer_id: answerId ?? '0' })
    .where('id', '=', questionId)
    .execute();
  if (answerId !== undefined) await db.updateTable('answer').set({ adopted: ADOPTED.accepted }).where('id', '=', answerId).execute();
}

/** A user's answers that are not removed. */
export async function liveAnswersOfUser(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('answer')
    .select(['id', 'question_id', 'user_id', 'adopted'])
    .where('user_id', '=', userId)
    .where('status', '!=', ANSWER_STATUS.deleted)
    .execute();
}

/** Sets a user's answer count. */
export async function setUserAnswerCount(db: DbOrTrx, userId: number, n: number): Promise<void> {
  await db.updateTable('user').set({ answer_count: n }).where('id', '=', userId).execute();
}

/** Which of some ids are answers. */
export async function existingAnswerIds(db: DbOrTrx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('answer').select('id').where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

/** Clears a question's accepted answer when it is that answer. */
export async function clearAcceptance(db: DbOrTrx, questionId: string, answerId: string): Promise<void> {
  await db
    .updateTable('question')
    .set({ accepted_answer_id: '0' })
    .where('id', '=', questionId)
    .where('accepted_answer_id', '=', answerId)
    .execute();
}

/** The newest available answer of a question, '0' when there is none. */
export async function latestAvailableAnswerId(db: DbOrTrx, questionId: string): Promise<string> {
  const row = await db
    .selectFrom('answer')
    .select('id')
    .where('question_id', '=', questionId)
    .where('status', '=', ANSWER_STATUS.available)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.id ?? '0';
}
