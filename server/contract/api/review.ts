import type { TagBrief, UserBrief } from './common.js';

/** The post fields queued posts and flags share. */
export interface ReviewPostFields {
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  comment_id: string;
  object_type: 'question' | 'answer' | 'comment';
  title: string;
  url_title: string;
  original_text: string;
  parsed_text: string;
  tags: TagBrief[];
  /** 1 normal, 2 closed, 10 deleted, 11 pending. */
  object_status: number;
  /** The question's list status: 1 listed, 2 unlisted (0 for answers and comments). */
  object_show_status: number;
  author_user_info: UserBrief | null;
}

/** GetUnreviewedPostPageResp: a post the reviewer plugin holds back. */
export interface QueuedPost extends ReviewPostFields {
  review_id: number;
  submit_at: number;
  submitter_display_name: string;
  reason: string;
}

/** The reason of a flag (ReasonItem). */
export interface FlagReason {
  reason_key: string;
  reason_type: number;
  name: string;
  description: string;
  content_type: string;
  placeholder: string;
}

/** GetReportListPageResp: a flagged post with the flag's reason and who flagged it. */
export interface FlaggedPost extends ReviewPostFields {
  flag_id: string;
  answer_count: number;
  answer_accepted: boolean;
  reason: FlagReason | null;
  reason_content: string;
  submit_at: number;
  submitter_user: UserBrief | null;
}

/** An entry of GET reviewing/type: a queue the caller may work on, with its waiting items. */
export interface ReviewingType {
  name: string;
  label: string;
  todo_amount: number;
}
