import type { DbOrTrx } from '../../db/database.js';
import type { TagRow } from '../../db/tables/content.table.js';

/** Tags by slug (lower-cased), any status. */
export async function findTagsBySlugs(db: DbOrTrx, slugs: string[]): Promise<TagRow[]> {
  if (slugs.length === 0) return [];
  return db.selectFrom('tag').selectAll().where('slug_name', 'in', slugs).execute();
}

/** Tags by id. */
export async function findTagsByIds(db: DbOrTrx, ids: string[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('tag').selectAll().where('id', 'in', ids).execute();
}

/** Inserts a tag. */
export async function insertTag(db: DbOrTrx, row: { id: string; slug_name: string; display_name: string; original_text: string; parsed_text: string; user_id: number; now: number }): Promise<void> {
  const { now, ...rest } = row;
  await db.insertInto('tag').values({ ...rest, created_at: now, updated_at: now }).execute();
}

/** Replaces a question's tag set; rows for tags no longer used are marked deleted. */
export async function replaceQuestionTags(db: DbOrTrx, questionId: string, tagIds: string[], status: number, now: number): Promise<string[]> {
  const existing = await db.selectFrom('tag_rel').select(['tag_id', 'status']).where('object_id', '=', questionId).execute();
  const touched = new Set(existing.map((r) => r.tag_id));
  for (const tagId of tagIds) {
    touched.add(tagId);
    await db
      .insertInto('tag_rel')
      .values({ object_id: questionId, tag_id: tagId, status, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['object_id', 'tag_id']).doUpdateSet({ status, updated_at: now }))
      .execute();
  }
  const removed = existing.map((r) => r.tag_id).filter((id) => !tagIds.includes(id));
  if (removed.length) await db.updateTable('tag_rel').set({ status: 10, updated_at: now }).where('object_id', '=', questionId).where('tag_id', 'in', removed).execute();
  return [...touched];
}

/** Sets every tag row of a question to a status (hide on unlist, delete on delete). */
export async function setQuestionTagStatus(db: DbOrTrx, questionId: string, from: number[], to: number, now: number): Promise<string[]> {
  const rows = await db.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).where('status', 'in', from).execute();
  await db.updateTable('tag_rel').set({ status: to, updated_at: now }).where('object_id', '=', questionId).where('status', 'in', from).execute();
  return rows.map((r) => r.tag_id);
}

/** Recounts question_count (available tag rows) of tags. */
export async function recountTags(db: DbOrTrx, tagIds: string[]): Promise<void> {
  for (const id of tagIds) {
    const { n } = await db.selectFrom('tag_rel').select((eb) => eb.fn.countAll<number>().as('n')).where('tag_id', '=', id).where('status', '=', 1).executeTakeFirstOrThrow();
    await db.updateTable('tag').set({ question_count: Number(n) }).where('id', '=', id).execute();
  }
}

/** Available tags of many questions, in tag order of insertion. */
export async function tagsOfQuestions(db: DbOrTrx, questionIds: string[], statuses: number[] = [1, 2]) {
  if (questionIds.length === 0) return [];
  return db
    .selectFrom('tag_rel as r')
    .innerJoin('tag as t', 't.id', 'r.tag_id')
    .select(['r.object_id', 't.id', 't.slug_name', 't.display_name', 't.main_tag_slug_name', 't.recommend', 't.reserved'])
    .where('r.object_id', 'in', questionIds)
    .where('r.status', 'in', statuses)
    .orderBy('r.id')
    .execute();
}
