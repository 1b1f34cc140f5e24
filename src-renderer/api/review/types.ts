import type { TagBrief, UserBrief } from '../types';

/** The response shapes live in the API contract, which the server's presenters use too. */
export type { FlaggedPost, FlagReason, QueuedPost, ReviewPostFields } from '../../../server/contract/api/review';

/** The three review queues, by the names GET reviewing/type uses. */
export const REVIEW_QUEUES = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

/** An entry of GET reviewing/type: a queue the caller may work on, with its waiting items. */
export interface ReviewingType {
  name: string;
  label: string;
  todo_amount: number;
}

/** The current object beside a suggestion. */
export interface SuggestionCurrent {
  object_id: string;
  object_type: 'question' | 'answer' | 'tag';
  question_id: string;
  answer_id: string;
  title: string;
  url_title: string;
  content: string;
  html: string;
  tags: TagBrief[];
  status: number;
}

/** The suggested revision; its content is shaped like the object (question, answer or tag). */
export interface SuggestionRevision {
  id: string;
  object_id: string;
  title: string;
  content: {
    title?: string;
    content?: string;
    tags?: TagBrief[];
    display_name?: string;
    slug_name?: string;
    original_text?: string;
  } | null;
  create_at: number;
  user_info: UserBrief | null;
  /** The edit summary. */
  reason: string;
}

/** GetUnreviewedRevisionResp: a suggested edit and the object as it is now. */
export interface SuggestedEdit {
  type: 'question' | 'answer' | 'tag' | '';
  info: SuggestionCurrent | null;
  unreviewed_info: SuggestionRevision;
}

/** What a flag's review does (PUT report/review). */
export type FlagOperation = 'edit_post' | 'close_post' | 'delete_post' | 'unlist_post' | 'ignore_report';

/** Body of PUT report/review. */
export interface FlagReviewInput {
  flag_id: string;
  operation_type: FlagOperation;
  close_type?: number;
  close_msg?: string;
  title?: string;
  content?: string;
  tags?: { slug_name: string }[];
}
