import type { MemberAction } from './common.js';

/** A comment (GetCommentResp); the reply fields are '' when the comment replies to nobody. */
export interface CommentInfo {
  comment_id: string;
  created_at: number;
  user_id: string;
  reply_user_id: string;
  reply_comment_id: string;
  object_id: string;
  vote_count: number;
  original_text: string;
  parsed_text: string;
  username: string;
  user_display_name: string;
  user_avatar: string;
  user_status: string;
  reply_username: string;
  reply_user_display_name: string;
  reply_user_status: string;
  is_vote: boolean;
  member_actions: MemberAction[];
}

/** PUT comment (UpdateCommentResp). */
export interface UpdatedComment {
  comment_id: string;
  original_text: string;
  parsed_text: string;
}

/** An item of GET personal/comment/page (GetCommentPersonalWithPageResp): the comment with the post it belongs to. */
export interface PersonalComment {
  comment_id: string;
  created_at: number;
  object_id: string;
  question_id: string;
  answer_id: string;
  object_type: 'question' | 'answer';
  title: string;
  url_title: string;
  content: string;
}
