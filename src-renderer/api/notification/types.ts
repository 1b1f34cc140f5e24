/** The response shapes live in the API contract, which the server's presenters use too. */
export type { BadgeAwardDot, NotificationItem, NotificationObject, RedDot } from '../../../server/contract/api/notification';

/** The two notification types (the reference's `type`). */
export const NOTIFICATION_TYPES = ['inbox', 'achievement'] as const;
/** One of them. */
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The inbox kinds (the reference's `inbox_type`), 'all' first. */
export const INBOX_KINDS = ['all', 'posts', 'invites', 'votes'] as const;
/** One of them. */
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Query of GET notification/page. */
export interface NotificationPageParams {
  type: NotificationType;
  inbox_type?: InboxKind;
  page: number;
  page_size: number;
}
