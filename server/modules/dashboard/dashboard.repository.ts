import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import {
  ANSWER_STATUS,
  CANCELLED,
  COMMENT_STATUS,
  QUESTION_STATUS,
  REPORT_STATUS,
  REVIEW_STATUS,
  REVISION_STATUS,
  SHOW_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

async function count(q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }): Promise<number> {
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The question figures: listed questions that are open or closed, unanswered ones and resolved ones. */
export async function questionCounts(db: DbOrTrx): Promise<{ total: number; unanswered: number; resolved: number }> {
  const listed = () =>
    db
      .selectFrom('question')
      .where('status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed])
      .where('show', '=', SHOW_STATUS.shown);
  const n = (q: ReturnType<typeof listed>) => count(q.select((eb) => eb.fn.countAll<number>().as('n')));
  const [total, unanswered, resolved] = await Promise.all([
    n(listed()),
    n(listed().where('answer_count', '=', 0)),
    n(listed().where('answer_count', '>', 0).where('accepted_answer_id', '!=', '0')),
  ]);
  return { total, unanswered, resolved };
}

/** Available answers. */
export async function answerCount(db: DbOrTrx): Promise<number> {
  return count(
    db
      .selectFrom('answer')
      .where('status', '=', ANSWER_STATUS.available)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
}

/** Available comments. */
export async function commentCount(db: DbOrTrx): Promise<number> {
  return count(
    db
      .selectFrom('comment')
      .where('status', '=', COMMENT_STATUS.available)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
}

/** Accounts that are not deleted (available and suspended, as the reference counts). */
export async function userCount(db: DbOrTrx): Promise<number> {
  return count(
    db
      .selectFrom('user')
      .where('status', 'in', [USER_STATUS.available, USER_STATUS.suspended])
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
}

/** Votes in force: activity rows of the given vote types that are not cancelled. */
export async function voteCount(db: DbOrTrx, activityTypes: number[]): Promise<number> {
  return count(
    db
      .selectFrom('activity')
      .where('activity_type', 'in', activityTypes)
      .where('cancelled', '=', CANCELLED.active)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
}

/** Everything waiting for a moderator: queued posts, open flags and suggested edits. */
export async function pendingReviewCount(db: DbOrTrx): Promise<number> {
  const [queued, flags, edits] = await Promise.all([
    count(
      db
        .selectFrom('review')
        .where('status', '=', REVIEW_STATUS.pending)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    count(
      db
        .selectFrom('report')
        .where('status', '=', REPORT_STATUS.pending)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    count(
      db
        .selectFrom('revision')
        .where('status', '=', REVISION_STATUS.pending)
        .select((eb) => eb.fn.countAll<number>().as('n')),
    ),
  ]);
  return queued + flags + edits;
}

/**
 * Rows of a table created since `since` (unix seconds), counted per day: day n is the one holding
 * the seconds [n * 86400 - offset, (n + 1) * 86400 - offset), `offset` being the site's time zone offset.
 */
export async function createdPerDay(
  db: DbOrTrx,
  table: 'question' | 'answer' | 'user',
  since: number,
  offset: number,
): Promise<Map<number, number>> {
  // integer arithmetic (a bound number may arrive as a real): the offset is a whole number written into the query
  const day = sql<number>`(created_at + ${sql.lit(Math.trunc(offset))}) / 86400`;
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
}
