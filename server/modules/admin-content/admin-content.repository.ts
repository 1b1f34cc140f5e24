import type { DbOrTrx } from '../../db/database.js';
import type { QuestionStatus, AnswerStatus } from '../../contract/enums.js';

/** Filters of the admin question list; an `id` or `userId` narrows it, `title` matches a part of the title (any case). */
export interface AdminQuestionFilter {
  status: QuestionStatus;
  id?: string;
  userId?: number;
  title?: string;
  page: number;
  pageSize: number;
}

/** One page of questions of one status, newest first. */
export async function pageAdminQuestions(db: DbOrTrx, f: AdminQuestionFilter) {
  let base = db.selectFrom('question as q').where('q.status', '=', f.status);
  if (f.id !== undefined) base = base.where('q.id', '=', f.id);
  if (f.userId !== undefined) base = base.where('q.user_id', '=', f.userId);
  if (f.title) {
    const needle = f.title;
    base = base.where((eb) => eb(eb.fn<number>('instr', [eb.fn('lower', ['q.title']), eb.fn('lower', [eb.val(needle)])]), '>', 0));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('q')
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** Filters of the admin answer list; `title` matches a part of the question's title. */
export interface AdminAnswerFilter {
  status: AnswerStatus;
  id?: string;
  questionId?: string;
  userId?: number;
  title?: string;
  page: number;
  pageSize: number;
}

/** One page of answers of one status, newest first. */
export async function pageAdminAnswers(db: DbOrTrx, f: AdminAnswerFilter) {
  let base = db.selectFrom('answer as a').innerJoin('question as q', 'q.id', 'a.question_id').where('a.status', '=', f.status);
  if (f.id !== undefined) base = base.where('a.id', '=', f.id);
  if (f.questionId !== undefined) base = base.where('a.question_id', '=', f.questionId);
  if (f.userId !== undefined) base = base.where('a.user_id', '=', f.userId);
  if (f.title) {
    const needle = f.title;
    base = base.where((eb) => eb(eb.fn<number>('instr', [eb.fn('lower', ['q.title']), eb.fn('lower', [eb.val(needle)])]), '>', 0));
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll('a')
    .select('q.title as question_title')
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { count: Number(n), rows };
}
