import type { MemberAction } from '../types';

/** A comment (GetCommentResp). */
export interface CommentInfo {
  comment_id: string;
  created_at: number;
  user_id: string;
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
  is_vote: boolean;
  member_actions: MemberAction[];
}

/** Body of POST comment. */
export interface CommentInput {
  object_id: string;
  original_text: string;
  /** The comment answered (a reply). */
  reply_comment_id?: string;
  /** Usernames @mentioned in the text. */
  mention_username_list?: string[];
  captcha_id?: string;
  captcha_code?: string;
}

/** Comment length limits of the server (2-600 characters). */
export const COMMENT_LIMITS = { min: 2, max: 600 } as const;
