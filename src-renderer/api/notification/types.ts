import type { UserBrief } from '../types';

/** The two notification types (the reference's `type`). */
export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
/** One of them. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The inbox kinds (the reference's `inbox_type`), 'all' first. */
export const INBOX_KINDS = ['all', 'posts', 'invites', 'votes'] as const;
/** One of them. */
export type InboxKind = (typeof INBOX_KINDS)[number];

/** GET notification/status (the reference's RedDot). */
export interface RedDot {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
  badge_award: { notification_id: string; badge_id: string; name: string; icon: string; level: number } | null;
}

/** What a notification points at. */
export interface NotificationObject {
  title: string;
  object_id: string;
  /** {question, answer, comment} ids ('' where none), {tag} for tags, {badge_id} for badge awards. */
  object_map: Record<string, string>;
  /** question | answer | comment | tag | badge_award */
  object_type: string;
}

/** An item of GET notification/page (the reference's NotificationContent). */
export interface NotificationItem {
  id: string;
  /** Who caused it; absent for down-votes and badge awards. */
  user_info?: UserBrief;
  object_info: NotificationObject;
  /** Achievements: the reputation the receiver got from the object. */
  rank: number;
  /** The translated action ("answered question"). */
  notification_action?: string;
  is_read: boolean;
  update_time: number;
}

/** Query of GET notification/page. */
export interface NotificationPageParams {
  type: NotificationType;
  inbox_type?: InboxKind;
  page: number;
  page_size: number;
}
