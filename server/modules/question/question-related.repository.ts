import type { DbOrTrx } from '../../db/database.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { orderQuestions } from './question.repository.js';
import {
  CANCELLED,
  QUESTION_LINK_STATUS,
  QUESTION_STATUS,
  SHOW_STATUS,
  TAG_REL_STATUS,
  TAG_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

/** Questions the public may see in lists: available or closed, and listed. */
const PUBLIC_STATUSES = [QUESTION_STATUS.available, QUESTION_STATUS.closed];

/** Users by username (any status but deleted). */
export async function usersByUsernames(db: DbOrTrx, usernames: string[]): Promise<UserRow[]> {
  if (usernames.length === 0) return [];
  return db.selectFrom('user').selectAll().where('username', 'in', usernames).where('status', '!=', USER_STATUS.deleted).execute();
}

/** Stores a question's invited user ids (a JSON list of id strings, as the reference). */
export async function setInvitedUsers(db: DbOrTrx, questionId: string, userIds: number[]): Promise<void> {
  await db
    .updateTable('question')
    .set({ invite_user_id: JSON.stringify(userIds.map(String)) })
    .where('id', '=', questionId)
    .execute();
}

/**
 * Candidates for the similar-title search: listed, not deleted or pending questions whose lower-cased
 * title contains any of the words (or the whole phrase), newest first.
 */
export async function titleCandidates(db: DbOrTrx, needles: string[], limit: number): Promise<QuestionRow[]> {
  if (needles.length === 0) return [];
  return db
    .selectFrom('question as q')
    .selectAll('q')
    .where('q.status', 'in', PUBLIC_STATUSES)
    .where('q.show', '=', SHOW_STATUS.shown)
    .where((eb) => eb.or(needles.map((w) => eb(eb.fn<number>('instr', [eb.fn<string>('lower', ['q.title']), eb.val(w)]), '>', 0))))
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(limit)
    .execute();
}

/** A tag by slug (available) with the ids of its main tag and all synonyms of that main tag. */
export async function tagFamilyIds(db: DbOrTrx, slug: string): Promise<string[]> {
  const tag = await db
    .selectFrom('tag')
    .select(['id', 'main_tag_id'])
    .where('slug_name', '=', slug)
    .where('status', '=', TAG_STATUS.available)
    .executeTakeFirst();
  if (!tag) return [];
  const mainId = tag.main_tag_id !== '0' ? tag.main_tag_id : tag.id;
  const synonyms = await db.selectFrom('tag').select('id').where('main_tag_id', '=', mainId).execute();
  return [...new Set([mainId, tag.id, ...synonyms.map((s) => s.id)])];
}

/** The hottest public questions carrying one of the tags (of any age), without one question. */
export async function hotQuestionsInTags(db: DbOrTrx, q: { tagIds: string[]; excludeId: string; limit: number }): Promise<QuestionRow[]> {
  if (q.tagIds.length === 0) return [];
  return db
    .selectFrom('question as q')
    .selectAll('q')
    .where('q.status', 'in', PUBLIC_STATUSES)
    .where('q.show', '=', SHOW_STATUS.shown)
    .where('q.id', '!=', q.excludeId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('tag_rel as r')
          .select('r.id')
          .whereRef('r.object_id', '=', 'q.id')
          .where('r.tag_id', 'in', q.tagIds)
          .where('r.status', '=', TAG_REL_STATUS.available),
      ),
    )
    .orderBy('q.pin', 'desc')
    .orderBy('q.hot_score', 'desc')
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(q.limit)
    .execute();
}

/** One page of the questions whose posts link to a question, with the list orders of question/page. */
export async function pageLinkingQuestions(
  db: DbOrTrx,
  q: { targetId: string; order: string; inDays?: number; now: number; page: number; pageSize: number; viewerId?: number; seeAll: boolean },
) {
  let base = db
    .selectFrom('question as q')
    .where('q.show', '=', SHOW_STATUS.shown)
    .where('q.id', '!=', q.targetId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('question_link as l')
          .select('l.id')
          .whereRef('l.from_question_id', '=', 'q.id')
          .where('l.to_question_id', '=', q.targetId)
          .where('l.status', '=', QUESTION_LINK_STATUS.available),
      ),
    );
  const statuses = q.order === 'unanswered' ? [QUESTION_STATUS.available] : PUBLIC_STATUSES;
  // pending linking questions only for their author and staff (the reference shows them to everyone)
  if (q.seeAll) base = base.where('q.status', 'in', [...statuses, QUESTION_STATUS.pending]);
  else if (q.viewerId !== undefined) {
    const viewer = q.viewerId;
    base = base.where((eb) =>
      eb.or([eb('q.status', 'in', statuses), eb.and([eb('q.status', '=', QUESTION_STATUS.pending), eb('q.user_id', '=', viewer)])]),
    );
  } else base = base.where('q.status', 'in', statuses);
  if (q.order === 'unanswered') base = base.where('q.answer_count', '=', 0);
  if (q.inDays) base = base.where('q.created_at', '>=', q.now - q.inDays * 86400);
  if (q.order === 'active') {
    if (!q.inDays) base = base.where('q.created_at', '>=', q.now - 180 * 86400);
    base = base.where('q.post_update_time', '>=', q.now - 90 * 86400);
  }
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const list = orderQuestions(base.selectAll('q'), q.order);
  const rows = await list
    .orderBy('q.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}

/** Ids of the objects a user follows with one activity type (tag.follow, question.follow). */
export async function followedObjectIds(db: DbOrTrx, userId: number, activityType: number): Promise<string[]> {
  const rows = await db
    .selectFrom('activity')
    .select('object_id')
    .where('user_id', '=', userId)
    .where('activity_type', '=', activityType)
    .where('cancelled', '=', CANCELLED.active)
    .execute();
  return [...new Set(rows.map((r) => r.object_id))];
}

/** Of some tag ids, those of available tags. */
export async function availableTagIds(db: DbOrTrx, tagIds: string[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await db.selectFrom('tag').select('id').where('id', 'in', tagIds).where('status', '=', TAG_STATUS.available).execute();
  return rows.map((r) => r.id);
}

/**
 * One page of recommended questions: followed questions first, then questions in followed tags that the
 * user neither asked nor answered; only available and listed ones; pin desc, created_at desc.
 */
export async function pageRecommended(
  db: DbOrTrx,
  q: { userId: number; tagIds: string[]; followedIds: string[]; page: number; pageSize: number },
) {
  if (q.tagIds.length === 0 && q.followedIds.length === 0) return { count: 0, rows: [] as QuestionRow[] };
  const base = db
    .selectFrom('question as q')
    .where('q.status', '=', QUESTION_STATUS.available)
    .where('q.show', '=', SHOW_STATUS.shown)
    .where((eb) => {
      const parts = [];
      if (q.followedIds.length > 0) parts.push(eb('q.id', 'in', q.followedIds));
      if (q.tagIds.length > 0) {
        parts.push(
          eb.and([
            eb('q.user_id', '!=', q.userId),
            eb.not(
              eb.exists(
                eb.selectFrom('answer as a').select('a.id').whereRef('a.question_id', '=', 'q.id').where('a.user_id', '=', q.userId),
              ),
            ),
            eb.exists(
              eb
                .selectFrom('tag_rel as r')
                .select('r.id')
                .whereRef('r.object_id', '=', 'q.id')
                .where('r.tag_id', 'in', q.tagIds)
                .where('r.status', '=', TAG_REL_STATUS.available),
            ),
          ]),
        );
      }
      return eb.or(parts);
    });
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  let list = base.selectAll('q');
  if (q.followedIds.length > 0) {
    const followed = q.followedIds;
    list = list.orderBy((eb) => eb.case().when('q.id', 'in', followed).then(0).else(1).end(), 'asc');
  }
  const rows = await list
    .orderBy('q.pin', 'desc')
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(count), rows };
}
