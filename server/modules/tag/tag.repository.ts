import { sql } from 'kysely';
import type { TagRelStatus, TagStatus } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import type { TagRow } from '../../db/tables/content.table.js';
import { REVISION_STATUS, TAG_REL_STATUS, TAG_STATUS } from '../../contract/enums.js';

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
export async function insertTag(
  db: DbOrTrx,
  row: { id: string; slug_name: string; display_name: string; original_text: string; parsed_text: string; user_id: number; now: number },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('tag')
    .values({ ...rest, created_at: now, updated_at: now })
    .execute();
}

/** Replaces a question's tag set; rows for tags no longer used are marked deleted. */
export async function replaceQuestionTags(
  db: DbOrTrx,
  questionId: string,
  tagIds: string[],
  status: TagRelStatus,
  now: number,
): Promise<Map<string, number>> {
  const existing = await db.selectFrom('tag_rel').select(['tag_id', 'status']).where('object_id', '=', questionId).execute();
  const counted = (s: number) => (s === TAG_REL_STATUS.available ? 1 : 0);
  const before = new Map(existing.map((r) => [r.tag_id, counted(r.status)]));
  for (const tagId of tagIds) {
    await db
      .insertInto('tag_rel')
      .values({ object_id: questionId, tag_id: tagId, status, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['object_id', 'tag_id']).doUpdateSet({ status, updated_at: now }))
      .execute();
  }
  const removed = existing.map((r) => r.tag_id).filter((id) => !tagIds.includes(id));
  if (removed.length)
    await db
      .updateTable('tag_rel')
      .set({ status: TAG_REL_STATUS.deleted, updated_at: now })
      .where('object_id', '=', questionId)
      .where('tag_id', 'in', removed)
      .execute();
  // what each tag's count of available rows gained (+1) or lost (-1)
  const change = new Map<string, number>();
  for (const id of removed) if (before.get(id)) change.set(id, -1);
  for (const id of tagIds) {
    const d = counted(status) - (before.get(id) ?? 0);
    if (d !== 0) change.set(id, d);
  }
  return change;
}

/**
 * Adds each change to its tag's question_count (never below 0). A question's tags changing costs
 * one update per tag, where recounting a tag walked all its questions (29k for the bench site's
 * busiest tag: 5% of the write mix's time).
 */
export async function addToTagCounts(db: DbOrTrx, change: Map<string, number>): Promise<void> {
  for (const [id, d] of change) {
    await db
      .updateTable('tag')
      .set({ question_count: sql<number>`case when question_count + ${d} < 0 then 0 else question_count + ${d} end` })
      .where('id', '=', id)
      .execute();
  }
}

/** Sets every tag row of a question to a status (hide on unlist, delete on delete). */
export async function setQuestionTagStatus(
  db: DbOrTrx,
  questionId: string,
  from: TagRelStatus[],
  to: TagRelStatus,
  now: number,
): Promise<string[]> {
  const rows = await db.selectFrom('tag_rel').select('tag_id').where('object_id', '=', questionId).where('status', 'in', from).execute();
  await db
    .updateTable('tag_rel')
    .set({ status: to, updated_at: now })
    .where('object_id', '=', questionId)
    .where('status', 'in', from)
    .execute();
  return rows.map((r) => r.tag_id);
}

/** Recounts question_count (available tag rows) of tags. */
export async function recountTags(db: DbOrTrx, tagIds: string[]): Promise<void> {
  for (const id of tagIds) {
    const { n } = await db
      .selectFrom('tag_rel')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tag_id', '=', id)
      .where('status', '=', TAG_REL_STATUS.available)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('tag')
      .set({ question_count: Number(n) })
      .where('id', '=', id)
      .execute();
  }
}

/** Available tags of many questions, in tag order of insertion. */
export async function tagsOfQuestions(
  db: DbOrTrx,
  questionIds: string[],
  statuses: TagRelStatus[] = [TAG_REL_STATUS.available, TAG_REL_STATUS.hidden],
) {
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

/** A tag by slug, any status. */
export async function findTagBySlug(db: DbOrTrx, slug: string): Promise<TagRow | undefined> {
  return db.selectFrom('tag').selectAll().where('slug_name', '=', slug).executeTakeFirst();
}

/** An available tag by slug: its id and main tag. */
export async function findAvailableTagBySlug(db: DbOrTrx, slug: string): Promise<{ id: string; main_tag_id: string } | undefined> {
  return db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('slug_name', '=', slug)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirst();
}

/** The ids of the tags pointing at a main tag, whatever their status. */
export async function synonymIds(db: DbOrTrx, mainId: string): Promise<string[]> {
  const rows = await db.selectFrom('tag').select('id').where('main_tag_id', '=', mainId).execute();
  return rows.map((r) => r.id);
}

/** The synonyms of a main tag (tags pointing at it), any status unless told. */
export async function synonymsOf(
  db: DbOrTrx,
  mainId: string,
  statuses: TagStatus[] = [TAG_STATUS.available, TAG_STATUS.deleted],
): Promise<TagRow[]> {
  return db.selectFrom('tag').selectAll().where('main_tag_id', '=', mainId).where('status', 'in', statuses).orderBy('slug_name').execute();
}

/** Points tags at a main tag ('0' and '' detach them). */
export async function setMainTag(db: DbOrTrx, ids: string[], mainId: string, mainSlug: string, now: number): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('tag').set({ main_tag_id: mainId, main_tag_slug_name: mainSlug, updated_at: now }).where('id', 'in', ids).execute();
}

/** Changes a tag's fields. */
export async function updateTag(
  db: DbOrTrx,
  id: string,
  fields: {
    slug_name?: string;
    display_name?: string;
    original_text?: string;
    parsed_text?: string;
    status?: TagStatus;
    revision_id?: number;
    now: number;
  },
): Promise<void> {
  const { now, ...rest } = fields;
  await db
    .updateTable('tag')
    .set({ ...rest, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Sets a tag's newest revision without touching its update time. */
export async function setTagRevision(db: DbOrTrx, id: string, revisionId: number): Promise<void> {
  await db.updateTable('tag').set({ revision_id: revisionId }).where('id', '=', id).execute();
}

/** Questions still carrying a tag (listed or unlisted). */
export async function countTagUses(db: DbOrTrx, tagId: string): Promise<number> {
  const { n } = await db
    .selectFrom('tag_rel')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tag_id', '=', tagId)
    .where('status', 'in', [TAG_REL_STATUS.available, TAG_REL_STATUS.hidden])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Available synonyms of a tag. */
export async function countSynonyms(db: DbOrTrx, tagId: string): Promise<number> {
  const { n } = await db
    .selectFrom('tag')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('main_tag_id', '=', tagId)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A pending (status 1) suggested edit of an object, if any. */
export async function pendingRevision(db: DbOrTrx, objectId: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('revision')
    .select('id')
    .where('object_id', '=', objectId)
    .where('status', '=', REVISION_STATUS.pending)
    .executeTakeFirst();
}

/** Filters and order of GET tags/page. */
export interface TagPageQuery {
  page: number;
  page_size: number;
  slug_name?: string;
  display_name?: string;
  query_cond: 'popular' | 'name' | 'newest';
}

/** One page of available tags: main tags matching the text, plus a synonym whose slug is the text. */
export async function pageTags(db: DbOrTrx, q: TagPageQuery): Promise<{ count: number; rows: TagRow[] }> {
  let base = db.selectFrom('tag').where('status', '=', TAG_STATUS.available);
  const text = q.slug_name;
  if (text) {
    const lower = text.toLowerCase();
    base = base.where((eb) =>
      eb.or([
        eb.and([
          eb('main_tag_id', '=', '0'),
          eb.or([
            eb(eb.fn<number>('instr', ['slug_name', eb.val(lower)]), '>', 0),
            eb(eb.fn<number>('instr', [eb.fn('lower', ['display_name']), eb.val(lower)]), '>', 0),
          ]),
        ]),
        eb.and([eb('main_tag_id', '!=', '0'), eb('slug_name', '=', lower)]),
      ]),
    );
  } else {
    base = base.where('main_tag_id', '=', '0');
  }
  if (q.display_name) base = base.where('display_name', '=', q.display_name);
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.selectAll();
  if (q.query_cond === 'name') list = list.orderBy('slug_name', 'asc');
  else if (q.query_cond === 'newest') list = list.orderBy('created_at', 'desc').orderBy('id', 'desc');
  else list = list.orderBy('question_count', 'desc').orderBy('slug_name', 'asc');
  const rows = await list
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size)
    .execute();
  return { count: Number(count), rows };
}

/** Available tags whose slug or display name starts with the text (case-insensitive), or the given slugs when no text. */
export async function searchTagsByPrefix(db: DbOrTrx, text: string, recommendedSlugs: string[], limit: number): Promise<TagRow[]> {
  let q = db.selectFrom('tag').selectAll().where('status', '=', TAG_STATUS.available);
  if (text) {
    const lower = text.toLowerCase();
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn<number>('instr', ['slug_name', eb.val(lower)]), '=', 1),
        eb(eb.fn<number>('instr', [eb.fn('lower', ['display_name']), eb.val(lower)]), '=', 1),
      ]),
    );
  } else {
    q = q.where((eb) =>
      recommendedSlugs.length ? eb.or([eb('recommend', '=', 1), eb('slug_name', 'in', recommendedSlugs)]) : eb('recommend', '=', 1),
    );
  }
  return q.orderBy('slug_name').limit(limit).execute();
}

/** Moves a tag's question links to another tag; a question holding both keeps one link, the livelier status. */
export async function moveTagRels(db: DbOrTrx, fromId: string, toId: string, now: number): Promise<void> {
  const rels = await db.selectFrom('tag_rel').select(['id', 'object_id', 'status']).where('tag_id', '=', fromId).execute();
  for (const rel of rels) {
    const target = await db
      .selectFrom('tag_rel')
      .select(['id', 'status'])
      .where('object_id', '=', rel.object_id)
      .where('tag_id', '=', toId)
      .executeTakeFirst();
    if (!target) {
      await db.updateTable('tag_rel').set({ tag_id: toId, updated_at: now }).where('id', '=', rel.id).execute();
      continue;
    }
    const rank = (s: number) => (s === 1 ? 3 : s === 2 ? 2 : 1);
    if (rank(rel.status) > rank(target.status))
      await db.updateTable('tag_rel').set({ status: rel.status, updated_at: now }).where('id', '=', target.id).execute();
    await db.deleteFrom('tag_rel').where('id', '=', rel.id).execute();
  }
}
