import { z } from 'zod';
import { captchaFields, msg, pageMin1, text } from './fields.js';

/** Comment text limits (AddCommentReq / UpdateCommentReq: required, not blank, 2-600 characters). */
export const COMMENT_TEXT = { min: 2, max: 600 } as const;

/** Characters as the reference counts them (code points, not UTF-16 units). */
const charCount = (s: string) => Array.from(s).length;

/**
 * original_text: required, not blank, 2-600 characters; kept as sent (markdown). Its messages name
 * the comment itself, since the shared label of `original_text` describes tags.
 */
const commentText = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? 'validation.comment_required' : 'validation.comment_type') })
  .refine((v) => v.trim().length > 0, 'validation.comment_required')
  .refine((v) => charCount(v) >= COMMENT_TEXT.min && charCount(v) <= COMMENT_TEXT.max, msg('validation.comment_length', COMMENT_TEXT));

/** An optional id field: '' means none. */
const optionalId = z
  .string({ error: 'validation.type' })
  .trim()
  .max(32, msg('validation.max_length', { max: 32 }))
  .optional()
  .default('');

/** POST comment (AddCommentReq). */
export const addCommentSchema = z.object({
  object_id: text({ max: 32 }),
  original_text: commentText,
  reply_comment_id: optionalId,
  mention_username_list: z
    .array(z.string({ error: 'validation.type' }).max(100, msg('validation.max_length', { max: 100 })), { error: 'validation.type' })
    .max(50, msg('validation.max_length', { max: 50 }))
    .optional()
    .default([]),
  ...captchaFields,
});
export type AddCommentInput = z.infer<typeof addCommentSchema>;

/** PUT comment (UpdateCommentReq). */
export const updateCommentSchema = z.object({
  comment_id: text({ max: 32 }),
  original_text: commentText,
  ...captchaFields,
});
export type UpdateCommentInput = z.infer<typeof updateCommentSchema>;

/** DELETE comment (RemoveCommentReq). */
export const removeCommentSchema = z.object({
  comment_id: text({ max: 32 }),
  ...captchaFields,
});
export type RemoveCommentInput = z.infer<typeof removeCommentSchema>;

/** GET comment/page: query_cond '' (oldest first), 'vote' or 'created_at' (newest first). */
export const commentPageQuery = z.object({
  object_id: text({ max: 32 }),
  comment_id: optionalId,
  query_cond: z
    .enum(['', 'vote', 'created_at'], { error: msg('validation.one_of', { options: 'vote, created_at' }) })
    .optional()
    .default(''),
  page: pageMin1(1, 100000),
  page_size: pageMin1(10, 100),
});
export type CommentPageQuery = z.infer<typeof commentPageQuery>;

/** GET comment. */
export const commentIdQuery = z.object({ id: text({ max: 32 }) });

/** GET personal/comment/page: the named user's comments (the caller's when no username). */
export const personalCommentPageQuery = z.object({
  username: z
    .string({ error: 'validation.type' })
    .trim()
    .max(100, msg('validation.max_length', { max: 100 }))
    .optional()
    .default(''),
  page: pageMin1(1, 100000),
  page_size: pageMin1(10, 100),
});
export type PersonalCommentPageQuery = z.infer<typeof personalCommentPageQuery>;
