// The rows of posts and tags by id, in the shared lower module post: nearly every module reads the question,
// answer or tag an object is (to check it exists, its status and owner). Like config, it imports no other
// module, and every module may read it (lint: lantern/module-boundaries). Everything else about questions,
// answers and tags stays in their modules.
import type { DbOrTrx } from '../../db/database.js';
import type { AnswerRow, QuestionRow, TagRow } from '../../db/tables/content.table.js';
import { TAG_STATUS } from '../../contract/enums.js';

/** A question by id. */
export async function findQuestion(db: DbOrTrx, id: string): Promise<QuestionRow | undefined> {
  return db.selectFrom('question').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An answer by id. */
export async function findAnswer(db: DbOrTrx, id: string): Promise<AnswerRow | undefined> {
  return db.selectFrom('answer').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A tag by id, any status. */
export async function findTag(db: DbOrTrx, id: string): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Available tags by slug, in no particular order. */
export async function availableTagsBySlugs(db: DbOrTrx, slugs: string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return [];
  return db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).where('status', '=', TAG_STATUS.available).execute();
}
