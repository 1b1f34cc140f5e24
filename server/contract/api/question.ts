import type { MemberAction, PostStatusName, TagBrief, UserBrief, VoteStatus } from './common.js';

/** Counters every question payload carries. */
export interface QuestionCounters {
  view_count: number;
  unique_view_count: number;
  vote_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  accepted_answer_id: string;
  last_answer_id: string;
}

/** An item of GET question/page (QuestionPageResp). */
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

/** GET question/info (QuestionInfoResp). */
export interface QuestionDetail extends QuestionCounters {
  id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  description: string;
  tags: TagBrief[];
  create_time: number;
  update_time: number;
  edit_time: number;
  pin: number;
  show: number;
  status: number;
  status_name: PostStatusName;
  /** Only on closed, deleted and queued questions (the reference's omitempty: no key otherwise). */
  operation?: QuestionOperation;
  user_info: UserBrief | null;
  update_user_info: UserBrief | null;
  last_answered_user_info: UserBrief | null;
  /** Whether the viewer has answered the question. */
  answered: boolean;
  /** The viewer's own answer; '' when none. */
  first_answer_id: string;
  collected: boolean;
  vote_status: VoteStatus;
  is_followed: boolean;
  member_actions: MemberAction[];
  extends_actions: MemberAction[];
}

/** An item of GET question/similar (QuestionBaseInfo). */
export interface SimilarQuestion {
  id: string;
  title: string;
  url_title: string;
  view_count: number;
  answer_count: number;
  collection_count: number;
  follow_count: number;
  status: PostStatusName;
  accepted_answer: boolean;
}

/** What PUT question and PUT answer answer. */
export interface EditResult {
  wait_for_review: boolean;
  url_title?: string;
}
