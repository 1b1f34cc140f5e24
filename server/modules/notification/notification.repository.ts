import { jsonFieldEquals } from '../../db/portable.js';
import type { MsgType, NotificationType } from '../../contract/enums.js';
import { sql, type Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';
import type { NotificationTable } from '../../db/tables/content.table.js';
import {
  ACTIVITY_TYPE,
  CANCELLED,
  MSG_TYPE,
  NOTIFICATION_TYPE,
  QUESTION_STATUS,
  READ_STATE,
  SHOW_STATUS,
  TAG_REL_STATUS,
} from '../../contract/enums.js';

/** notification.type, msg_type and is_read values (named in the contract). */
export { MSG_TYPE, NOTIFICATION_TYPE, READ_STATE };
const AVAILABLE = 1;

/** A notification row. */
export type NotificationRow = Selectable<NotificationTable>;

/** Where the red-dot watermark of a user lives (meta rows keyed by user). */
const dotOwner = (userId: number) => `user:${userId}`;
const dotKey = (type: number) => `notification.red_dot.${type === NOTIFICATION_TYPE.inbox ? 'inbox' : 'achievement'}`;

/** Writes a notification row; returns its id. */
export async function insertNotification(
  db: DbOrTrx,
  n: { userId: number; objectId: string; content: string; type: NotificationType; msgType: MsgType; now: number },
): Promise<number> {
  const row = await db
    .insertInto('notification')
    .values({
      user_id: n.userId,
      object_id: n.objectId,
      content: n.content,
      type: n.type,
      msg_type: n.msgType,
      is_read: READ_STATE.unread,
      status: AVAILABLE,
      created_at: n.now,
      updated_at: n.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A user's achievement row for an object (achievements are kept one per object). */
export async function findAchievement(db: DbOrTrx, userId: number, objectId: string) {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('type', '=', NOTIFICATION_TYPE.achievement)
    .orderBy('id')
    .executeTakeFirst();
}

/** Replaces a row's content and moves it to the top (updated_at). */
export async function updateContent(db: DbOrTrx, id: number, content: string, now: number): Promise<void> {
  await db.updateTable('notification').set({ content, updated_at: now }).where('id', '=', id).execute();
}

/** Sum of a user's active reputation on an object. */
export async function activeRankSum(db: DbOrTrx, userId: number, objectId: string): Promise<number> {
  const { total } = await db
    .selectFrom('activity')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rank'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('cancelled', '=', CANCELLED.active)
    .where('has_rank', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** Whether an inbox notification with this action by this trigger user already exists for the receiver and object. */
export async function inboxExists(db: DbOrTrx, userId: number, objectId: string, action: string, triggerUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('notification')
    .select('id')
    .where('user_id', '=', userId)
    .where('object_id', '=', objectId)
    .where('type', '=', NOTIFICATION_TYPE.inbox)
    .where(jsonFieldEquals(db, 'content', 'notification_action', action))
    .where(jsonFieldEquals(db, 'content', 'trigger_user_id', triggerUserId))
    .executeTakeFirst();
  return !!row;
}

/** One page of a user's notifications of a type (newest activity first); msgType narrows the inbox. */
export async function pageNotifications(
  db: DbOrTrx,
  q: { userId: number; type: NotificationType; msgType?: MsgType; page: number; pageSize: number },
) {
  let base = db.selectFrom('notification').where('user_id', '=', q.userId).where('type', '=', q.type).where('status', '=', AVAILABLE);
  if (q.msgType) base = base.where('msg_type', '=', q.msgType);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { count: Number(n), rows };
}

/** A notification by id. */
export async function findNotification(db: DbOrTrx, id: number) {
  return db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks one of a user's notifications read. */
export async function markRead(db: DbOrTrx, userId: number, id: number): Promise<void> {
  await db.updateTable('notification').set({ is_read: READ_STATE.read }).where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Marks all of a user's notifications of a type read. */
export async function markAllRead(db: DbOrTrx, userId: number, type: NotificationType): Promise<void> {
  await db
    .updateTable('notification')
    .set({ is_read: READ_STATE.read })
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('is_read', '=', READ_STATE.unread)
    .execute();
}

/**
 * The red dots: unread notifications of each type (inbox, achievement) newer than the last time
 * the user cleared it, in one statement (the poll every open page makes runs one query, not four).
 */
export async function countRedDots(db: DbOrTrx, userId: number): Promise<{ inbox: number; achievement: number }> {
  const unreadSinceMark = (type: NotificationType) =>
    db
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('status', '=', AVAILABLE)
      .where('is_read', '=', READ_STATE.unread)
      .where('id', '>', (eb) =>
        eb.fn.coalesce(
          eb
            .selectFrom('meta')
            .select(sql<number>`cast(value as bigint)`.as('mark'))
            .where('object_id', '=', dotOwner(userId))
            .where('key', '=', dotKey(type)),
          eb.lit(0),
        ),
      );
  const row = await db
    .selectNoFrom([unreadSinceMark(NOTIFICATION_TYPE.inbox).as('inbox'), unreadSinceMark(NOTIFICATION_TYPE.achievement).as('achievement')])
    .executeTakeFirstOrThrow();
  return { inbox: Number(row.inbox ?? 0), achievement: Number(row.achievement ?? 0) };
}

/** Clears the red dot of a type: what exists now no longer counts. */
export async function clearRedDot(db: DbOrTrx, userId: number, type: NotificationType, now: number): Promise<void> {
  const { top } = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.coalesce(eb.fn.max<number>('id'), eb.lit(0)).as('top'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('meta')
    .values({ object_id: dotOwner(userId), key: dotKey(type), value: String(top), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doUpdateSet({ value: String(top), updated_at: now }))
    .execute();
}

/** The oldest badge award the user has not acknowledged (read). */
export async function oldestUnreadBadge(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('notification')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', NOTIFICATION_TYPE.achievement)
    .where('msg_type', '=', MSG_TYPE.badge)
    .where('is_read', '=', READ_STATE.unread)
    .where('status', '=', AVAILABLE)
    .orderBy('id')
    .executeTakeFirst();
}

/** A badge's display fields. */
export async function findBadge(db: DbOrTrx, id: string) {
  return db.selectFrom('badge').select(['id', 'name', 'icon', 'level']).where('id', '=', id).executeTakeFirst();
}

/** Users by id (the fields notifications and mails need). */
export async function usersByIds(db: DbOrTrx, ids: number[]) {
  const unique = [...new Set(ids.filter((id) => id > 0))];
  if (unique.length === 0) return [];
  return db
    .selectFrom('user')
    .select(['id', 'username', 'display_name', 'e_mail', 'mail_status', 'status', 'language'])
    .where('id', 'in', unique)
    .execute();
}

/** Active followers of an object (question or tag). */
export async function followerIds(db: DbOrTrx, objectIds: string[], type: 'question.follow' | 'tag.follow'): Promise<number[]> {
  if (objectIds.length === 0) return [];
  const rows = await db
    .selectFrom('activity')
    .select('user_id')
    .distinct()
    .where('object_id', 'in', objectIds)
    .where('activity_type', '=', ACTIVITY_TYPE[type])
    .where('cancelled', '=', CANCELLED.active)
    .execute();
  return rows.map((r) => r.user_id);
}

/** The question's visible tags (id and names). */
export async function questionTagRows(db: DbOrTrx, questionId: string) {
  return db
    .selectFrom('tag_rel')
    .innerJoin('tag', 'tag.id', 'tag_rel.tag_id')
    .select(['tag.id', 'tag.slug_name', 'tag.display_name'])
    .where('tag_rel.object_id', '=', questionId)
    .where('tag_rel.status', '=', TAG_REL_STATUS.available)
    .execute();
}

/** Users whose config row for a source is on (the channels JSON is checked by the caller). */
export async function subscribersOf(db: DbOrTrx, source: string, userIds?: number[]) {
  if (userIds && userIds.length === 0) return [];
  let q = db.selectFrom('user_notification_config').select(['user_id', 'channels']).where('source', '=', source).where('enabled', '=', 1);
  if (userIds) q = q.where('user_id', 'in', userIds);
  return q.execute();
}

/** Available, listed questions created in (since, until], newest first. */
export async function recentQuestions(db: DbOrTrx, since: number, until: number, limit: number) {
  return db
    .selectFrom('question')
    .select(['id', 'title', 'user_id', 'created_at'])
    .where('status', '=', QUESTION_STATUS.available)
    .where('show', '=', SHOW_STATUS.shown)
    .where('created_at', '>', since)
    .where('created_at', '<=', until)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

const DIGEST_OWNER = 'site';
const DIGEST_KEY = 'notification.weekly_digest_at';

/** When the weekly digest last went out (0 = never). */
export async function lastDigestAt(db: DbOrTrx): Promise<number | null> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', DIGEST_OWNER)
    .where('key', '=', DIGEST_KEY)
    .executeTakeFirst();
  return row ? Number(row.value) || 0 : null;
}

/** Starts the digest's clock when it has none (a second caller at the same moment changes nothing). */
export async function startDigestClock(db: DbOrTrx, at: number): Promise<void> {
  await db
    .insertInto('meta')
    .values({ object_id: DIGEST_OWNER, key: DIGEST_KEY, value: String(at), created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['object_id', 'key']).doNothing())
    .execute();
}

/**
 * Claims the digest due since `last` for the run at `at`: true for one caller only, however many
 * (timers of several processes, or two at once in one) found it due, since the row changes only
 * while it still holds `last`.
 */
export async function claimDigest(db: DbOrTrx, last: number, at: number): Promise<boolean> {
  const r = await db
    .updateTable('meta')
    .set({ value: String(at), updated_at: at })
    .where('object_id', '=', DIGEST_OWNER)
    .where('key', '=', DIGEST_KEY)
    .where('value', '=', String(last))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
