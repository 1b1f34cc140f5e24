import type { DbOrTrx } from '../../db/database.js';
import type { UserRow } from '../../db/tables/user.table.js';
import { ANSWER_STATUS, MAIL_STATUS, QUESTION_STATUS, ROLE, USER_STATUS } from '../../contract/enums.js';

/** What the user list filters on, as the reference's GetUserPage builds it. */
export interface UserPageFilter {
  /** 'normal' (verified and available), 'inactive', 'suspended' or 'deleted'. */
  status: 'normal' | 'inactive' | 'suspended' | 'deleted';
  email?: string;
  id?: number;
  /** Part of a username or display name. */
  text?: string;
  staff: boolean;
  page: number;
  pageSize: number;
}

/** A user row with the role id from user_role_rel (1 when there is none). */
export type UserWithRole = UserRow & { role_id: number };

/** One page of users and the number matching. */
export async function pageUsers(db: DbOrTrx, f: UserPageFilter): Promise<{ count: number; rows: UserWithRole[] }> {
  let q = db.selectFrom('user as u').leftJoin('user_role_rel as r', 'r.user_id', 'u.id');
  switch (f.status) {
    case 'inactive':
      q = q.where('u.status', '=', USER_STATUS.available).where('u.mail_status', '=', MAIL_STATUS.unverified);
      break;
    case 'suspended':
      q = q.where('u.status', '=', USER_STATUS.suspended);
      break;
    case 'deleted':
      q = q.where('u.status', '=', USER_STATUS.deleted);
      break;
    default:
      q = q.where('u.status', '=', USER_STATUS.available).where('u.mail_status', '=', MAIL_STATUS.verified);
  }
  if (f.email !== undefined) q = q.where('u.e_mail', '=', f.email);
  if (f.id !== undefined) q = q.where('u.id', '=', f.id);
  if (f.text) {
    const t = f.text.toLowerCase();
    q = q.where((eb) =>
      eb.or((['u.username', 'u.display_name'] as const).map((c) => eb(eb.fn('instr', [eb.fn('lower', [c]), eb.val(t)]), '>', 0))),
    );
  }
  if (f.staff) q = q.where('r.role_id', '>', ROLE.user);
  const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const order = f.status === 'deleted' ? 'u.deleted_at' : f.status === 'suspended' ? 'u.suspended_at' : 'u.created_at';
  const rows = await q
    .selectAll('u')
    .select('r.role_id')
    .orderBy(order, 'desc')
    .orderBy('u.id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { count: Number(n), rows: rows.map((r) => ({ ...r, role_id: r.role_id ?? 1 }) as UserWithRole) };
}

/** Role names by id. */
export async function roleNames(db: DbOrTrx): Promise<Map<number, string>> {
  const rows = await db.selectFrom('role').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a role id exists. */
export async function roleExists(db: DbOrTrx, id: number): Promise<boolean> {
  return (await db.selectFrom('role').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Ends suspensions whose time is over (the reference lifts them from a cron job). */
export async function liftExpiredSuspensions(db: DbOrTrx, now: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ status: USER_STATUS.available, suspended_until: null, updated_at: now })
    .where('status', '=', USER_STATUS.suspended)
    .where('suspended_until', 'is not', null)
    .where('suspended_until', '>', 0)
    .where('suspended_until', '<=', now)
    .execute();
}

/** Removes a user's notifications, notification settings and badge awards (account deletion). */
export async function deleteUserConfiguration(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('notification').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_notification_config').where('user_id', '=', userId).execute();
  const awards = await db.selectFrom('badge_award').select('badge_id').where('user_id', '=', userId).execute();
  await db.deleteFrom('badge_award').where('user_id', '=', userId).execute();
  for (const badgeId of new Set(awards.map((a) => a.badge_id))) {
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
}

// ---- permanent deletion ----

/** Deleted users split by whether posts still point at them. */
export async function deletedUsers(db: DbOrTrx): Promise<{ bare: number[]; withPosts: number[] }> {
  const rows = await db.selectFrom('user').select('id').where('status', '=', USER_STATUS.deleted).execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return { bare: [], withPosts: [] };
  const owners = new Set<number>();
  for (const table of ['question', 'answer', 'comment'] as const) {
    const found = await db.selectFrom(table).select('user_id').distinct().where('user_id', 'in', ids).execute();
    for (const r of found) owners.add(r.user_id);
  }
  return { bare: ids.filter((id) => !owners.has(id)), withPosts: ids.filter((id) => owners.has(id)) };
}

/** Deletes user rows (sessions, roles, codes and notification settings go with them). */
export async function deleteUserRows(db: DbOrTrx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('collection').where('user_id', 'in', ids).execute();
  await db.deleteFrom('collection_group').where('user_id', 'in', ids).execute();
  await db.deleteFrom('user').where('id', 'in', ids).execute();
}

/** Wipes the personal data of deleted users that posts still point at; the row stays for the posts. */
export async function scrubUsers(db: DbOrTrx, ids: number[], now: number): Promise<void> {
  for (const id of ids) {
    await db
      .updateTable('user')
      .set({
        e_mail: `deleted-${id}@invalid`,
        pass: '',
        display_name: `user${id}`,
        avatar: '',
        mobile: '',
        bio: '',
        bio_html: '',
        website: '',
        location: '',
        ip_info: '',
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }
}

/** Ids of deleted questions. */
export async function deletedQuestionIds(db: DbOrTrx): Promise<string[]> {
  return (await db.selectFrom('question').select('id').where('status', '=', QUESTION_STATUS.deleted).execute()).map((r) => r.id);
}

/** Ids of deleted answers, and of every answer under some questions. */
export async function answerIds(
  db: DbOrTrx,
  w: { deleted?: boolean; questionIds?: string[] },
): Promise<{ id: string; question_id: string; user_id: number }[]> {
  let q = db.selectFrom('answer').select(['id', 'question_id', 'user_id']);
  if (w.deleted) q = q.where('status', '=', ANSWER_STATUS.deleted);
  if (w.questionIds) {
    if (w.questionIds.length === 0) return [];
    q = q.where('question_id', 'in', w.questionIds);
  }
  return q.execute();
}

/** Removes every trace of some posts: comments on them, links, bookmarks, meta, revisions, tag rows. */
export async function purgePostTraces(db: DbOrTrx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('comment').where('object_id', 'in', ids).execute();
  await db.deleteFrom('collection').where('object_id', 'in', ids).execute();
  await db.deleteFrom('meta').where('object_id', 'in', ids).execute();
  await db.deleteFrom('revision').where('object_id', 'in', ids).execute();
  await db.deleteFrom('tag_rel').where('object_id', 'in', ids).execute();
  await db.deleteFrom('question_link').where('from_answer_id', 'in', ids).execute();
}

/** Deletes answer rows. */
export async function deleteAnswerRows(db: DbOrTrx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('answer').where('id', 'in', ids).execute();
}

/** Deletes question rows and the links from and to them. */
export async function deleteQuestionRows(db: DbOrTrx, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('question_link').where('from_question_id', 'in', ids).execute();
  await db.deleteFrom('question_link').where('to_question_id', 'in', ids).execute();
  await db.deleteFrom('question').where('id', 'in', ids).execute();
}

/** Points questions whose last answer is gone at their newest available answer ('0' when none). */
export async function resetLastAnswers(db: DbOrTrx, removedAnswerIds: string[]): Promise<void> {
  if (removedAnswerIds.length === 0) return;
  const qs = await db.selectFrom('question').select('id').where('last_answer_id', 'in', removedAnswerIds).execute();
  for (const q of qs) {
    const latest = await db
      .selectFrom('answer')
      .select('id')
      .where('question_id', '=', q.id)
      .where('status', '=', ANSWER_STATUS.available)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    await db
      .updateTable('question')
      .set({ last_answer_id: latest?.id ?? '0' })
      .where('id', '=', q.id)
      .execute();
  }
}

/** Recounts users' available answers. */
export async function recountUserAnswers(db: DbOrTrx, userIds: number[]): Promise<void> {
  for (const id of userIds) {
    const { n } = await db
      .selectFrom('answer')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .where('status', '=', ANSWER_STATUS.available)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('user')
      .set({ answer_count: Number(n) })
      .where('id', '=', id)
      .execute();
  }
}

/** Marks a user deleted: the address gets a suffix so it can register again, a suspension ends. */
export async function markUserDeleted(db: DbOrTrx, userId: number, email: string, now: number): Promise<void> {
  await db
    .updateTable('user')
    .set({ status: USER_STATUS.deleted, deleted_at: now, suspended_until: null, e_mail: `${email}.${now}`, updated_at: now })
    .where('id', '=', userId)
    .execute();
}
