import type { MemberAction, TagBrief, UserBrief, VoteStatus } from '../types';

/** Orders of GET question/page shown as tabs. */
export const QUESTION_ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered'] as const;
/** One of them. */
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];

/** Query of GET question/page. */
export interface QuestionPageParams {
  order: QuestionOrder;
  page: number;
  page_size: number;
  tag?: string;
  in_days?: number;
}

/** Counters every question payload carries. */
interface QuestionCounters {
  view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
}

/** An item of GET question/page. */
export interface QuestionItem extends QuestionCounters {
  id: string;
  created_at: number;
  title: string;
  url_title: string;
  description: string;
  pin: number;
  show: number;
  status: number;
  tags: TagBrief[];
  operated_at: number;
  operator: UserBrief | null;
  operation_type: string;
}

/** The notice a closed, deleted or queued question carries. */
export interface QuestionOperation {
  type?: string;
  description?: string;
  msg: string;
  time?: number;
  level: string;
}

/** GET question/info. */
export interface QuestionDetail extends QuestionCounters {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  tags: TagBrief[];
  create_time: number;
  update_time: number;
  edit_time: number;
  pin: number;
  show: number;
  status: number;
  status_name: string;
  operation: QuestionOperation | null;
  user_info: UserBrief | null;
  update_user_info: UserBrief | null;
  collected: boolean;
  vote_status: VoteStatus;
  is_followed: boolean;
  member_actions: MemberAction[];
}

/** An item of GET question/similar. */
export interface SimilarQuestion {
  id: string;
  title: string;
  url_title: string;
  answer_count: number;
  accepted_answer: boolean;
  status: string;
}

/** A tag as the question form sends it. */
export interface TagInput {
  slug_name: string;
  display_name?: string;
}

/** Body of POST question. */
export interface QuestionInput {
  title: string;
  content: string;
  tags: TagInput[];
  captcha_id?: string;
  captcha_code?: string;
}

/** Body of PUT question. */
export interface QuestionUpdateInput extends QuestionInput {
  id: string;
  edit_summary?: string;
}

/** What PUT question and PUT answer answer. */
export interface EditResult {
  wait_for_review: boolean;
  url_title?: string;
}

/** Question status codes (named in the contract). */
export { QUESTION_STATUS } from '../../../server/contract/enums';
