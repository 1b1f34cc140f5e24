// Post rows by id, in the shared lower module post: nearly every module reads the question or answer an
// object belongs to (to check it exists, its status and owner). Like config, it imports no other module,
// and every module may read it (lint: lantern/module-boundaries). Everything else about questions and
// answers stays in their modules.
import type { DbOrTrx } from '../../db/database.js';
import type { AnswerRow, QuestionRow } from '../../db/tables/content.table.js';

/** A question by id. */
export async function findQuestion(db: DbOrTrx, id: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An answer by id. */
export async function findAnswer(db: DbOrTrx, id: string): Promise<AnswerRow | undefined> {
  return db.selectFrom('answer').selectAll().where('id', '=', id).executeTakeFirst();
}
