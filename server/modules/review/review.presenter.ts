import type { QueuedPost, ReviewPostFields } from '../../contract/api/review.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { TagBrief } from '../tag/tag.usage.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** A question, answer or comment as the review queues show it. */
export interface PostInfo {
  objectType: 'question' | 'answer' | 'comment';
  objectId: string;
  questionId: string;
  /** The answer itself, or the answer a comment is on; '' otherwise. */
  answerId: string;
  commentId: string;
  /** The question's title (for answers and comments too). */
  title: string;
  originalText: string;
  parsedText: string;
  status: number;
  /** The question's list status (1 listed, 2 unlisted); 0 for answers and comments. */
  show: number;
  createdAt: number;
  authorId: number;
  /** The question's answer count (questions only). */
  answerCount: number;
  /** Question: it has an accepted answer; answer: it is the accepted one. */
  answerAccepted: boolean;
  /** The question's tags (questions only). */
  tags: TagBrief[];
}

/** The object fields shared by GetUnreviewedPostPageResp and GetReportListPageResp. */
export function presentPostFields(p: PostInfo, users: Map<number, UserBasicInfo>, permalink: number): ReviewPostFields {
  return {
    created_at: p.createdAt,
    object_id: p.objectId,
    question_id: p.questionId ? idOut(p.questionId, permalink) : '',
    answer_id: p.answerId ? idOut(p.answerId, permalink) : '',
    comment_id: p.commentId,
    object_type: p.objectType,
    title: p.title,
    url_title: p.title ? urlTitle(p.title) : '',
    original_text: p.originalText,
    parsed_text: p.parsedText,
    tags: p.tags,
    object_status: p.status,
    object_show_status: p.show,
    author_user_info: users.get(p.authorId) ?? null,
  };
}

/** GetUnreviewedPostPageResp: a queued post with why and by whom it was queued. */
export function presentQueuedPost(
  r: { id: number; created_at: number; reason: string },
  post: PostInfo,
  submitterName: string,
  users: Map<number, UserBasicInfo>,
  permalink: number,
): QueuedPost {
  return {
    review_id: r.id,
    ...presentPostFields(post, users, permalink),
    submit_at: r.created_at,
    submitter_display_name: submitterName,
    reason: r.reason,
  };
}
