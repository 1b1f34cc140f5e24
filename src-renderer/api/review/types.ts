import type { BodyOf } from '../../../server/contract/endpoints';
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

/** PUT report/review's body (the endpoint map's). */
export type FlagReviewInput = BodyOf<'PUT /answer/api/v1/report/review'>;
