import type { UserBrief } from './common.js';

/** BadgeListInfo: one badge of the grouped list. */
export interface BadgeListItem {
  id: string;
  name: string;
  icon: string;
  award_count: number;
  earned_count: number;
  level: number;
}

/** GET badges: the active badges by group. */
export interface BadgeGroup {
  group_name: string;
  badges: BadgeListItem[];
}

/** GET badge (GetBadgeInfoResp). */
export interface BadgeInfo extends BadgeListItem {
  description: string;
  is_single: boolean;
}

/** GetBadgeListPagedResp: a badge of the admin list. */
export interface AdminBadge {
  id: string;
  name: string;
  description: string;
  icon: string;
  award_count: number;
  earned: boolean;
  level: number;
  group_name: string;
  status: 'active' | 'inactive';
}

/** The post an award was earned on ('' everywhere when none). */
export interface AwardObject {
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  object_type: '' | 'question' | 'answer' | 'comment';
  url_title: string;
}

/** GetBadgeAwardWithPageResp: who earned a badge, when and on which post. */
export interface BadgeAward extends AwardObject {
  created_at: number;
  /** {} when the author is gone. */
  author_user_info: Partial<UserBrief>;
}

/** GetUserBadgeAwardListResp: a badge a user holds, and how often. */
export interface UserBadge {
  id: string;
  name: string;
  icon: string;
  earned_count: number;
  level: number;
}
