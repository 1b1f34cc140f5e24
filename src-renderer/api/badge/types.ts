import type { UserBrief } from '../types';

/** Badge levels as the server numbers them. */
export const BADGE_LEVEL = { bronze: 1, silver: 2, gold: 3 } as const;
export type BadgeLevelName = keyof typeof BADGE_LEVEL;

/** The name of a level number (bronze for anything unknown). */
export function levelName(level: number): BadgeLevelName {
  return level === 3 ? 'gold' : level === 2 ? 'silver' : 'bronze';
}

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

/** GET badge. */
export interface BadgeInfo extends BadgeListItem {
  description: string;
  is_single: boolean;
}

/** GetBadgeAwardWithPageResp: who earned a badge, when and on which post. */
export interface BadgeAward {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  object_type: '' | 'question' | 'answer' | 'comment';
  url_title: string;
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
