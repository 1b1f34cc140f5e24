import type { UserBrief } from './common.js';

/** A badge award the red dot announces until it is read. */
export interface BadgeAwardDot {
  notification_id: string;
  badge_id: string;
  name: string;
  icon: string;
  level: number;
}

/** GET notification/status (the reference's RedDot). */
export interface RedDot {
  inbox: number;
  achievement: number;
  revision: number;
  can_revision: boolean;
  badge_award: BadgeAwardDot | null;
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
