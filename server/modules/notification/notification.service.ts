import type { AppContext } from '../../app-context.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import type { DbOrTrx } from '../../db/database.js';
import { objectTypeOf, OBJECT_TYPE } from '../../infra/ids/object-id.js';
import { findComment } from '../comment/comment-common.service.js';
import { canModerate, isOwner } from '../permission/policy.js';
import { countPendingFlags, countPendingQueue, countUnreviewed } from '../revision/revision-common.service.js';
import { auditableTypes } from '../revision/revision.service.js';
import type { SessionUser } from '../session/session.service.js';
import { userBriefs } from '../user/user-brief.presenter.js';
import { parseContent, presentNotification, presentRedDot, type StoredContent } from './notification.presenter.js';
import * as repo from './notification.repository.js';
import { MSG_TYPE, NOTIFICATION_TYPE } from './notification.repository.js';
import type { NotificationPageQuery } from './notification.schema.js';
import { USER_STATUS } from '../../contract/enums.js';
import { findAnswer, findQuestion, findTag } from '../post/post.repository.js';

/** Inbox actions (Answer's notification.action.* keys without the prefix) and the inbox kind each belongs to. */
const INBOX_ACTIONS = {
  update_question: MSG_TYPE.posts,
  answer_the_question: MSG_TYPE.posts,
  update_answer: MSG_TYPE.posts,
  accept_answer: MSG_TYPE.posts,
  comment_question: MSG_TYPE.posts,
  comment_answer: MSG_TYPE.posts,
  reply_to_you: MSG_TYPE.posts,
  mention_you: MSG_TYPE.posts,
  your_question_is_closed: MSG_TYPE.posts,
  your_question_was_deleted: MSG_TYPE.posts,
  your_answer_was_deleted: MSG_TYPE.posts,
  your_comment_was_deleted: MSG_TYPE.posts,
  up_voted_question: MSG_TYPE.votes,
  down_voted_question: MSG_TYPE.votes,
  up_voted_answer: MSG_TYPE.votes,
  down_voted_answer: MSG_TYPE.votes,
  up_voted_comment: MSG_TYPE.votes,
  invited_you_to_answer: MSG_TYPE.invites,
} as const;

/** One inbox action. */
export type InboxAction = keyof typeof INBOX_ACTIONS;

/** The full i18n key of an inbox action. */
export const actionKey = (a: InboxAction | 'earned_badge') => `notification.action.${a}`;

/** What a notification points at: a question, answer, comment or tag, with its title and owner. */
export interface NotifiedObject {
  id: string;
  type: 'question' | 'answer' | 'comment' | 'tag';
  title: string;
  /** {question, answer, comment} ids ('' where none), as the reference stores them; {tag} for tags. */
  map: Record<string, string>;
  ownerId: number;
  /** The object's own status. */
  status: number;
  questionId: string;
  questionOwnerId: number;
}

/** Looks up what an object id names, for a notification's object_info. */
export async function describeObject(db: DbOrTrx, objectId: string): Promise<NotifiedObject | undefined> {
  const type = objectTypeOf(objectId);
  if (type === OBJECT_TYPE.question) {
    const q = await findQuestion(db, objectId);
    if (!q) return undefined;
    return {
      id: q.id,
      type: 'question',
      title: q.title,
      map: { question: q.id, answer: '', comment: '' },
      ownerId: q.user_id,
      status: q.status,
      questionId: q.id,
      questionOwnerId: q.user_id,
    };
  }
  if (type === OBJECT_TYPE.answer) {
    const a = await findAnswer(db, objectId);
    const q = a ? await findQuestion(db, a.question_id) : undefined;
    if (!a || !q) return undefined;
    return {
      id: a.id,
      type: 'answer',
      title: q.title,
      map: { question: q.id, answer: a.id, comment: '' },
      ownerId: a.user_id,
      status: a.status,
      questionId: q.id,
      questionOwnerId: q.user_id,
    };
  }
  if (type === OBJECT_TYPE.comment) {
    const c = await findComment(db, objectId);
    const q = c ? await findQuestion(db, c.question_id) : undefined;
    if (!c || !q) return undefined;
    const onAnswer = objectTypeOf(c.object_id) === OBJECT_TYPE.answer;
    return {
      id: c.id,
      type: 'comment',
      title: q.title,
      map: { question: q.id, answer: onAnswer ? c.object_id : '', comment: c.id },
      ownerId: c.user_id,
      status: c.status,
      questionId: q.id,
      questionOwnerId: q.user_id,
    };
  }
  if (type === OBJECT_TYPE.tag) {
    const t = await findTag(db, objectId);
    if (!t) return undefined;
    return {
      id: t.id,
      type: 'tag',
      title: t.display_name || t.slug_name,
      map: { tag: t.slug_name },
      ownerId: t.user_id,
      status: t.status,
      questionId: '',
      questionOwnerId: 0,
    };
  }
  return undefined;
}

function contentOf(obj: NotifiedObject, triggerId: number, action: string, rank = 0): string {
  const content: StoredContent = {
    trigger_user_id: triggerId,
    object_info: { title: obj.title, object_id: obj.id, object_map: obj.map, object_type: obj.type },
    rank,
    notification_action: action,
  };
  return JSON.stringify(content);
}

/** Whether a user exists and is not deleted (deleted accounts get nothing). */
async function receiverAlive(db: DbOrTrx, userId: number): Promise<boolean> {
  const [u] = await repo.usersByIds(db, [userId]);
  return !!u && u.status !== USER_STATUS.deleted;
}

/**
 * Writes an inbox notification for a receiver about an object, caused by a trigger user. Never for
 * the user's own action, never for deleted accounts. Returns whether a row was written.
 */
export async function notifyInbox(
  ctx: AppContext,
  n: { receiverId: number; triggerId: number; action: InboxAction; object: NotifiedObject },
): Promise<boolean> {
  if (n.receiverId <= 0 || n.receiverId === n.triggerId) return false;
  if (!(await receiverAlive(ctx.db, n.receiverId))) return false;
  await repo.insertNotification(ctx.db, {
    userId: n.receiverId,
    objectId: n.object.id,
    content: contentOf(n.object, n.triggerId, actionKey(n.action)),
    type: NOTIFICATION_TYPE.inbox,
    msgType: INBOX_ACTIONS[n.action],
    now: ctx.clock.now(),
  });
  ctx.cache.invalidate(redDotKey(n.receiverId));
  return true;
}

/**
 * An achievement: the receiver's reputation from one object, kept as one row per object whose rank
 * is the sum of the receiver's active reputation there (an update moves it to the top, adds no new
 * red dot). Nothing for the user's own action.
 */
export async function notifyReputation(ctx: AppContext, receiverId: number, objectId: string, byUserId?: number): Promise<void> {
  if (receiverId <= 0 || receiverId === byUserId) return;
  if (!(await receiverAlive(ctx.db, receiverId))) return;
  const obj = await describeObject(ctx.db, objectId);
  if (!obj) return;
  const rank = await repo.activeRankSum(ctx.db, receiverId, obj.id);
  const now = ctx.clock.now();
  const existing = await repo.findAchievement(ctx.db, receiverId, obj.id);
  if (existing) {
    const c = parseContent(existing.content);
    await repo.updateContent(ctx.db, existing.id, c ? JSON.stringify({ ...c, rank }) : contentOf(obj, byUserId ?? 0, '', rank), now);
    return;
  }
  if (rank === 0) return;
  await repo.insertNotification(ctx.db, {
    userId: receiverId,
    objectId: obj.id,
    content: contentOf(obj, byUserId ?? 0, '', rank),
    type: NOTIFICATION_TYPE.achievement,
    msgType: MSG_TYPE.none,
    now,
  });
  ctx.cache.invalidate(redDotKey(receiverId));
}

/**
 * For the badges module: tells a user they earned a badge (an achievement notification shown as
 * "You've earned the "<name>" badge", and the badge_award of GET notification/status until read).
 * `name` is the badge's name (an i18n key is translated when shown). Pass the transaction as `db`
 * when called inside one. Returns the notification id.
 */
export async function notifyBadgeAward(
  ctx: AppContext,
  userId: number,
  badge: { awardId: string; badgeId: string; name: string },
  db: DbOrTrx = ctx.db,
): Promise<number> {
  const content: StoredContent = {
    trigger_user_id: 0,
    object_info: { title: badge.name, object_id: badge.awardId, object_map: { badge_id: badge.badgeId }, object_type: 'badge_award' },
    rank: 0,
    notification_action: actionKey('earned_badge'),
  };
  const id = await repo.insertNotification(db, {
    userId,
    objectId: badge.awardId,
    content: JSON.stringify(content),
    type: NOTIFICATION_TYPE.achievement,
    msgType: MSG_TYPE.badge,
    now: ctx.clock.now(),
  });
  ctx.cache.invalidate(redDotKey(userId));
  return id;
}

/** Cache key prefix of users' notification status (the red dots every open page polls), one entry per user. */
export const RED_DOT_KEY = 'red-dot:';

/** The red-dot cache key of one user (the `|` keeps user 2's drop from touching user 25's entry). */
export const redDotKey = (userId: number) => `${RED_DOT_KEY}${userId}|`;

const TYPE_OF = { inbox: NOTIFICATION_TYPE.inbox, achievement: NOTIFICATION_TYPE.achievement } as const;
const INBOX_KIND = { all: undefined, posts: MSG_TYPE.posts, votes: MSG_TYPE.votes, invites: MSG_TYPE.invites } as const;

/** GET notification/page: the caller's notifications of a type, newest activity first. */
export async function notificationPage(ctx: AppContext, session: SessionUser, q: NotificationPageQuery, lang: LanguageCode) {
  const type = TYPE_OF[q.type];
  const { count, rows } = await repo.pageNotifications(ctx.db, {
    userId: session.user.id,
    type,
    msgType: type === NOTIFICATION_TYPE.inbox ? INBOX_KIND[q.inbox_type] : undefined,
    page: q.page,
    pageSize: q.page_size,
  });
  const parsed = rows
    .map((r) => ({ row: r, content: parseContent(r.content) }))
    .filter((p): p is { row: repo.NotificationRow; content: StoredContent } => !!p.content);
  const [seo, usersCfg] = await Promise.all([ctx.settings.get('seo'), ctx.settings.get('users')]);
  const users = await userBriefs(
    ctx.db,
    usersCfg,
    parsed.map((p) => p.content.trigger_user_id),
  );
  return {
    count,
    list: parsed.map((p) => presentNotification(p.row, p.content, users.get(p.content.trigger_user_id), lang, seo.permalink)),
  };
}

/** GET notification/status: unread counts since the red dot was cleared, review work, the next badge to celebrate. */
export async function redDot(ctx: AppContext, session: SessionUser, lang: LanguageCode) {
  const uid = session.user.id;
  const [{ inbox, achievement }, types] = await Promise.all([repo.countRedDots(ctx.db, uid), auditableTypes(ctx, session)]);
  const staff = canModerate(session);
  const canRevision = staff || types.length > 0;
  let revision = 0;
  if (canRevision) {
    revision = await countUnreviewed(ctx.db, types);
    if (staff) revision += (await countPendingQueue(ctx.db)) + (await countPendingFlags(ctx.db));
  }
  let badge: Parameters<typeof presentRedDot>[0]['badge'] = null;
  const award = await repo.oldestUnreadBadge(ctx.db, uid);
  const c = award ? parseContent(award.content) : undefined;
  const found = c ? await repo.findBadge(ctx.db, c.object_info.object_map.badge_id ?? '') : undefined;
  if (award && found)
    badge = { notificationId: award.id, badgeId: found.id, name: translate(lang, found.name), icon: found.icon, level: found.level };
  return presentRedDot({ inbox, achievement, revision, canRevision, badge });
}

/** PUT notification/status: clears the red dot of a type; answers the fresh status. */
export async function clearRedDot(ctx: AppContext, session: SessionUser, type: 'inbox' | 'achievement', lang: LanguageCode) {
  await repo.clearRedDot(ctx.db, session.user.id, TYPE_OF[type], ctx.clock.now());
  ctx.cache.invalidate(redDotKey(session.user.id));
  return redDot(ctx, session, lang);
}

/** PUT notification/read/state/all: every notification of a type is read. */
export async function readAll(ctx: AppContext, session: SessionUser, type: 'inbox' | 'achievement'): Promise<Record<string, never>> {
  await repo.markAllRead(ctx.db, session.user.id, TYPE_OF[type]);
  ctx.cache.invalidate(redDotKey(session.user.id));
  return {};
}

/** PUT notification/read/state: one of the caller's notifications is read (others' and unknown ids change nothing). */
export async function readOne(ctx: AppContext, session: SessionUser, rawId: string): Promise<Record<string, never>> {
  const id = /^\d{1,15}$/.test(rawId.trim()) ? Number(rawId.trim()) : NaN;
  if (!Number.isSafeInteger(id)) return {};
  const row = await repo.findNotification(ctx.db, id);
  if (row && isOwner(session, row.user_id)) {
    await repo.markRead(ctx.db, session.user.id, id);
    ctx.cache.invalidate(redDotKey(session.user.id));
  }
  return {};
}
