/** The response shapes live in the API contract, which the server's presenters use too. */
export type { FlaggedPost, FlagReason, QueuedPost, ReviewingType, ReviewPostFields } from '../../../server/contract/api/review';
export type {
  QuestionRevisionContent,
  Revision,
  SuggestedEdit,
  TagRevisionContent,
  UnreviewedRevisionInfo,
} from '../../../server/contract/api/revision';

/** The three review queues, by the names GET reviewing/type uses. */
export const REVIEW_QUEUES = ['queued_post', 'flagged_post', 'suggested_post_edit'] as const;
export type ReviewQueue = (typeof REVIEW_QUEUES)[number];

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
