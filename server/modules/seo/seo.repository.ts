import { sql } from 'kysely';
import { QUESTION_STATUS, SHOW_STATUS } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';

/** Questions anyone may read: open or closed, listed (not pending, deleted or unlisted). */
function publicQuestions(db: DbOrTrx) {
  return db
    .selectFrom('question')
    .where('show', '=', SHOW_STATUS.shown)
    .where('status', 'in', [QUESTION_STATUS.available, QUESTION_STATUS.closed]);
}

/** How many questions the sitemap lists. */
export async function countPublicQuestions(db: DbOrTrx): Promise<number> {
  const row = await publicQuestions(db)
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of them, in id order (oldest first): id, title and the time of their last change (Unix seconds). */
export async function publicQuestionPage(
  db: DbOrTrx,
  offset: number,
  limit: number,
): Promise<{ id: string; title: string; changed: number }[]> {
  const rows = await publicQuestions(db)
    .select(['id', 'title', 'post_update_time', 'updated_at'])
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, title: r.title, changed: Math.max(r.post_update_time, r.updated_at) }));
}
