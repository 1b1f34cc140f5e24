import type { MemberAction } from '../../contract/api/common.js';
import type { CommentInfo, PersonalComment, UpdatedComment } from '../../contract/api/comment.js';
import type { CommentRow } from '../../db/tables/content.table.js';
import { urlTitle } from '../../infra/markdown/render.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** One entry of member_actions. */
export type { MemberAction };

/** The viewer's side of a comment. */
export interface CommentViewer {
  is_vote: boolean;
  member_actions: MemberAction[];
}

/** GetCommentResp as the reference sends it; reply fields are '' when the comment replies to nobody. */
export function presentComment(c: CommentRow, users: Map<number, UserBasicInfo>, viewer: CommentViewer): CommentInfo {
  const author = users.get(c.user_id);
  const reply = c.reply_user_id ? users.get(c.reply_user_id) : undefined;
  return {
    comment_id: c.id,
    created_at: c.created_at,
    user_id: String(c.user_id),
    reply_user_id: c.reply_user_id ? String(c.reply_user_id) : '',
    reply_comment_id: c.reply_comment_id ?? '',
    object_id: c.object_id,
    vote_count: c.vote_count,
    original_text: c.original_text,
    parsed_text: c.parsed_text,
    username: author?.username ?? '',
    user_display_name: author?.display_name ?? '',
    user_avatar: author?.avatar ?? '',
    user_status: author?.status ?? '',
    reply_username: reply?.username ?? '',
    reply_user_display_name: reply?.display_name ?? '',
    reply_user_status: reply?.status ?? '',
    is_vote: viewer.is_vote,
    member_actions: viewer.member_actions,
  };
}

/** GET comment/page and GET comment item. */
export type CommentResp = CommentInfo;

/** GetCommentPersonalWithPageResp: the comment with the post it belongs to. */
export function presentPersonalComment(
  c: CommentRow,
  post: { objectType: 'question' | 'answer'; questionId: string; answerId: string; title: string },
): PersonalComment {
  return {
    comment_id: c.id,
    created_at: c.created_at,
    object_id: c.object_id,
    question_id: post.questionId,
    answer_id: post.answerId,
    object_type: post.objectType,
    title: post.title,
    url_title: urlTitle(post.title),
    content: c.parsed_text,
  };
}

/** PUT comment answer (UpdateCommentResp). */
export function presentUpdatedComment(c: { id: string; original_text: string; parsed_text: string }): UpdatedComment {
  return { comment_id: c.id, original_text: c.original_text, parsed_text: c.parsed_text };
}
