import type { NotificationItem, RedDot } from '../../contract/api/notification.js';
import type { LanguageCode } from '../../contract/languages.js';
import { translate } from '../../contract/messages/index.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import { READ_STATE, type NotificationRow } from './notification.repository.js';

/** What a notification row's content holds (JSON). */
export interface StoredContent {
  /** Who caused it (0: nobody shown). */
  trigger_user_id: number;
  object_info: { title: string; object_id: string; object_map: Record<string, string>; object_type: string };
  /** Achievements: the receiver's reputation from this object. */
  rank: number;
  /** A notification.action.* key, or '' (reputation changes). */
  notification_action: string;
}

/** Parses stored content; a damaged row gives undefined (and is skipped). */
export function parseContent(raw: string): StoredContent | undefined {
  try {
    const v = JSON.parse(raw) as Partial<StoredContent> | null;
    if (!v || typeof v !== 'object' || !v.object_info || typeof v.object_info !== 'object') return undefined;
    return {
      trigger_user_id: Number(v.trigger_user_id) || 0,
      object_info: {
        title: String(v.object_info.title ?? ''),
        object_id: String(v.object_info.object_id ?? ''),
        object_map: v.object_info.object_map && typeof v.object_info.object_map === 'object' ? { ...v.object_info.object_map } : {},
        object_type: String(v.object_info.object_type ?? ''),
      },
      rank: Number(v.rank) || 0,
      notification_action: String(v.notification_action ?? ''),
    };
  } catch {
    return undefined;
  }
}

/** Actions shown without who did it (the reference hides down-voters). */
const ANONYMOUS_ACTIONS = new Set(['notification.action.down_voted_question', 'notification.action.down_voted_answer']);

/** One item of GET notification/page (the reference's NotificationContent). */
export function presentNotification(
  row: NotificationRow,
  c: StoredContent,
  trigger: UserBasicInfo | undefined,
  lang: LanguageCode,
  permalink: number,
): NotificationItem {
  const info = c.object_info;
  const badge = info.object_type === 'badge_award';
  const map: Record<string, string> = {};
  let objectId = info.object_id;
  for (const [k, v] of Object.entries(info.object_map)) {
    const shortened = (k === 'question' || k === 'answer') && v ? idOut(v, permalink) : v;
    if ((k === 'question' || k === 'answer') && v && v === info.object_id) objectId = shortened;
    map[k] = shortened;
  }
  const badgeName = badge ? translate(lang, info.title) : '';
  const showUser = !badge && !ANONYMOUS_ACTIONS.has(c.notification_action) && trigger !== undefined;
  return {
    id: String(row.id),
    ...(showUser ? { user_info: trigger } : {}),
    object_info: {
      title: badge ? translate(lang, 'notification.action.earned_badge', { badge: badgeName }) : info.title,
      object_id: objectId,
      object_map: map,
      object_type: info.object_type,
    },
    rank: c.rank,
    ...(c.notification_action ? { notification_action: translate(lang, c.notification_action, { badge: badgeName }) } : {}),
    is_read: row.is_read === READ_STATE.read,
    update_time: row.updated_at,
  };
}

/** The red-dot payload polled by the UI (the reference's RedDot). */
export function presentRedDot(d: {
  inbox: number;
  achievement: number;
  revision: number;
  canRevision: boolean;
  badge: { notificationId: number; badgeId: string; name: string; icon: string; level: number } | null;
}): RedDot {
  return {
    inbox: d.inbox,
    achievement: d.achievement,
    revision: d.revision,
    can_revision: d.canRevision,
    badge_award: d.badge
      ? {
          notification_id: String(d.badge.notificationId),
          badge_id: d.badge.badgeId,
          name: d.badge.name,
          icon: d.badge.icon,
          level: d.badge.level,
        }
      : null,
  };
}
