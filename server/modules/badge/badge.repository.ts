import type { Selectable } from 'kysely';
import type { BadgeStatus } from '../../contract/enums.js';
import type { DbOrTrx } from '../../db/database.js';
import type { BadgeAwardTable, BadgeGroupTable, BadgeTable } from '../../db/tables/content.table.js';
import {
  ACTIVITY_TYPE,
  type ActivityKey,
  ADOPTED,
  ANSWER_STATUS,
  BADGE_SINGLE,
  BADGE_STATUS,
  CANCELLED,
  POST_STATUS,
  REVISION_STATUS,
  USER_STATUS,
} from '../../contract/enums.js';

export type BadgeRow = Selectable<BadgeTable>;
export type BadgeGroupRow = Selectable<BadgeGroupTable>;
export type BadgeAwardRow = Selectable<BadgeAwardTable>;

/** badge.status and badge.single values (named in the contract). */
export { BADGE_SINGLE, BADGE_STATUS };

// ---- badges and groups ----

/** Every badge group, in id order. */
export async function listGroups(db: DbOrTrx): Promise<BadgeGroupRow[]> {
  const rows = await db.selectFrom('badge_group').selectAll().execute();
  return rows.sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
}

/** Badges with one of the statuses, oldest first. */
export async function listBadges(db: DbOrTrx, statuses: BadgeStatus[]): Promise<BadgeRow[]> {
  return db.selectFrom('badge').selectAll().where('status', 'in', statuses).orderBy('created_at').orderBy('id').execute();
}

/** A badge by id (any status). */
export async function findBadge(db: DbOrTrx, id: string): Promise<BadgeRow | undefined> {
  return db.selectFrom('badge').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The active badges a rule handler awards. */
export async function activeBadgesByHandler(db: DbOrTrx, handler: string): Promise<BadgeRow[]> {
  return db
    .selectFrom('badge')
    .selectAll()
    .where('handler', '=', handler)
    .where('status', '=', BADGE_STATUS.active)
    .orderBy('id')
    .execute();
}

/** Sets a badge's status; its awards are hidden while it is not active. */
export async function setBadgeStatus(db: DbOrTrx, id: string, status: BadgeStatus, now: number): Promise<void> {
  await db.updateTable('badge').set({ status, updated_at: now }).where('id', '=', id).execute();
  await db
    .updateTable('badge_award')
    .set({ is_badge_deleted: status === BADGE_STATUS.active ? 0 : 1, updated_at: now })
    .where('badge_id', '=', id)
    .execute();
}

/** Sets award_count to the number of awards the badge has. */
export async function recountAwards(db: DbOrTrx, badgeId: string): Promise<void> {
  const { n } = await db
    .selectFrom('badge_award')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('badge_id', '=', badgeId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('badge')
    .set({ award_count: Number(n) })
    .where('id', '=', badgeId)
    .execute();
}

// ---- awards ----

/** How many visible awards of each badge a user holds. */
export async function earnedCounts(db: DbOrTrx, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('badge_award')
    .select(['badge_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('user_id', '=', userId)
    .where('is_badge_deleted', '=', 0)
    .groupBy('badge_id')
    .execute();
  return new Map(rows.map((r) => [r.badge_id, Number(r.n)]));
}

/**
 * A user's earned badges: one row per active badge with the number of awards and the latest award
 * time; newest first when `limit` is given (recent awards), else in badge order.
 */
export async function userBadgeSummary(db: DbOrTrx, userId: number, limit?: number) {
  let q = db
    .selectFrom('badge_award')
    .innerJoin('badge', 'badge.id', 'badge_award.badge_id')
    .select([
      'badge.id as id',
      'badge.name as name',
      'badge.icon as icon',
      'badge.level as level',
      (eb) => eb.fn.countAll<number>().as('earned_count'),
      (eb) => eb.fn.max('badge_award.created_at').as('latest'),
    ])
    .where('badge_award.user_id', '=', userId)
    .where('badge_award.is_badge_deleted', '=', 0)
    .where('badge.status', '=', BADGE_STATUS.active)
    .groupBy(['badge.id', 'badge.name', 'badge.icon', 'badge.level', 'badge.created_at']);
  q =
    limit === undefined
      ? q.orderBy('badge.created_at').orderBy('badge.id')
      : q.orderBy('latest', 'desc').orderBy('badge.id', 'desc').limit(limit);
  const rows = await q.execute();
  return rows.map((r) => ({ id: r.id, name: r.name, icon: r.icon, level: r.level, earned_count: Number(r.earned_count) }));
}

/** One page of a badge's visible awards (optionally one user's), newest first. */
export async function pageAwards(db: DbOrTrx, q: { badgeId: string; userId?: number; page: number; pageSize: number }) {
  let base = db.selectFrom('badge_award').where('badge_id', '=', q.badgeId).where('is_badge_deleted', '=', 0);
  if (q.userId !== undefined) base = base.where('user_id', '=', q.userId);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** Whether the user already holds the badge (any key when awardKey is null). */
export async function hasAward(db: DbOrTrx, userId: number, badgeId: string, awardKey: string | null): Promise<boolean> {
  let q = db.selectFrom('badge_award').select('id').where('user_id', '=', userId).where('badge_id', '=', badgeId);
  if (awardKey !== null) q = q.where('award_key', '=', awardKey);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Records an award and counts it on the badge. */
export async function insertAward(
  db: DbOrTrx,
  row: { id: string; user_id: number; badge_id: string; award_key: string; badge_group_id: string; now: number },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('badge_award')
    .values({ ...rest, is_badge_deleted: 0, created_at: now, updated_at: now })
    .execute();
  await db
    .updateTable('badge')
    .set((eb) => ({ award_count: eb('award_count', '+', 1) }))
    .where('id', '=', row.badge_id)
    .execute();
}

// ---- facts the award rules read ----

/** A live (not deleted) user's id, bio and reputation. */
export async function liveUser(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('user')
    .select(['id', 'bio', 'rank', 'status'])
    .where('id', '=', userId)
    .where('status', '!=', USER_STATUS.deleted)
    .executeTakeFirst();
}

/** Whether the user has an active activity of one of the kinds on an object (a vote, say). */
export async function hasActiveActivity(db: DbOrTrx, userId: number, objectId: string, keys: ActivityKey[]): Promise<boolean> {
  const row = await db
    .selectFrom('activity')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('cancelled', '=', CANCELLED.active)
    .where(
      'activity_type',
      'in',
      keys.map((k) => ACTIVITY_TYPE[k]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The number of active activities of one kind on an object (the up votes of a post). */
export async function countActiveActivities(db: DbOrTrx, objectId: string, key: ActivityKey): Promise<number> {
  const { n } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('object_id', '=', objectId)
    .where('cancelled', '=', CANCELLED.active)
    .where('activity_type', '=', ACTIVITY_TYPE[key])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The owner and status of a question, answer or comment. */
export async function postHead(db: DbOrTrx, table: 'question' | 'answer' | 'comment', id: string) {
  return db.selectFrom(table).select(['id', 'user_id', 'status']).where('id', '=', id).executeTakeFirst();
}

/** The number of available posts of one kind a user wrote. */
export async function countUserPosts(db: DbOrTrx, table: 'question' | 'answer' | 'comment', userId: number): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', POST_STATUS.available)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** An accepted answer with its question, when the acceptance still stands. */
export async function standingAcceptance(db: DbOrTrx, answerId: string) {
  return db
    .selectFrom('answer')
    .innerJoin('question', 'question.id', 'answer.question_id')
    .select([
      'answer.id as answer_id',
      'answer.user_id as answer_user_id',
      'question.id as question_id',
      'question.user_id as question_user_id',
    ])
    .where('answer.id', '=', answerId)
    .where('answer.adopted', '=', ADOPTED.accepted)
    .whereRef('question.accepted_answer_id', '=', 'answer.id')
    .executeTakeFirst();
}

/** The number of the user's available answers that are accepted. */
export async function countAcceptedAnswers(db: DbOrTrx, userId: number): Promise<number> {
  const { n } = await db
    .selectFrom('answer')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('adopted', '=', ADOPTED.accepted)
    .where('status', '=', ANSWER_STATUS.available)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether the user edited the object directly (an applied revision nobody had to review). */
export async function hasDirectEdit(db: DbOrTrx, userId: number, objectId: string): Promise<boolean> {
  const row = await db
    .selectFrom('revision')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('status', '=', REVISION_STATUS.approved)
    .where('review_user_id', '=', 0)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user flagged the object. */
export async function hasReported(db: DbOrTrx, userId: number, objectId: string): Promise<boolean> {
  const row = await db.selectFrom('report').select('id').where('user_id', '=', userId).where('object_id', '=', objectId).executeTakeFirst();
  return row !== undefined;
}

/** A meta value of an object. */
export async function metaValue(db: DbOrTrx, objectId: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('object_id', '=', objectId).where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Question titles and statuses, and the question of each answer, for award lists. */
export async function awardObjects(db: DbOrTrx, keys: string[]) {
  const ids = [...new Set(keys.filter((k) => k !== '0'))];
  if (ids.length === 0)
    return {
      questions: new Map<string, { title: string; status: number }>(),
      answers: new Map<string, { question_id: string; status: number }>(),
      comments: new Map<string, { object_id: string; question_id: string; status: number }>(),
    };
  const comments = await db.selectFrom('comment').select(['id', 'object_id', 'question_id', 'status']).where('id', 'in', ids).execute();
  const answerIds = [...new Set([...ids, ...comments.map((c) => c.object_id)])];
  const answers = await db.selectFrom('answer').select(['id', 'question_id', 'status']).where('id', 'in', answerIds).execute();
  const questionIds = [...new Set([...ids, ...answers.map((a) => a.question_id), ...comments.map((c) => c.question_id)])];
  const questions = await db.selectFrom('question').select(['id', 'title', 'status']).where('id', 'in', questionIds).execute();
  return {
    questions: new Map(questions.map((q) => [q.id, { title: q.title, status: q.status }])),
    answers: new Map(answers.map((a) => [a.id, { question_id: a.question_id, status: a.status }])),
    comments: new Map(comments.map((c) => [c.id, { object_id: c.object_id, question_id: c.question_id, status: c.status }])),
  };
}
