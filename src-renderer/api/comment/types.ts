/** The response shapes live in the API contract, which the server's presenters use too. */
export type { CommentInfo, PersonalComment, UpdatedComment } from '../../../server/contract/api/comment';

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
