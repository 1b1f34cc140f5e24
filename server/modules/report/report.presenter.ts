import type { FlaggedPost, FlagReason } from '../../contract/api/review.js';
import { presentPostFields, type PostInfo } from '../review/review.presenter.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** ReasonItem of a flag. */
export type { FlagReason };

/**
 * GetReportListPageResp: the flagged post, the flag's reason and remark, who flagged it and when.
 * submitter_user is the flagger (the reference fills it with the post's author by mistake).
 */
export function presentFlag(
  r: { id: string; user_id: number; content: string; created_at: number },
  post: PostInfo,
  reason: FlagReason,
  users: Map<number, UserBasicInfo>,
  permalink: number,
): FlaggedPost {
  return {
    flag_id: r.id,
    ...presentPostFields(post, users, permalink),
    answer_count: post.answerCount,
    answer_accepted: post.answerAccepted,
    reason,
    reason_content: r.content,
    submit_at: r.created_at,
    submitter_user: users.get(r.user_id) ?? null,
  };
}
