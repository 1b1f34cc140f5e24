import { z } from 'zod';
import { msg, pageNumber } from './fields.js';

/** GET review/pending/post/page (GetUnreviewedPostPageReq). */
export const pendingPostPageQuery = z.object({
  page: pageNumber(1, 1_000_000),
  object_id: z
    .string()
    .trim()
    .max(32, msg('validation.max_length', { max: 32 }))
    .optional(),
});
export type PendingPostPageQuery = z.infer<typeof pendingPostPageQuery>;

/** PUT review/pending/post (UpdateReviewReq): review_id is an integer (a numeric string is accepted). */
export const updateReviewSchema = z.object({
  review_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({
        error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.required' : 'validation.type'),
      })
      .int('validation.type')
      .min(1, 'validation.type')
      .max(Number.MAX_SAFE_INTEGER, 'validation.type'),
  ),
  status: z.enum(['approve', 'reject'], {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? 'validation.required' : msg('validation.one_of', { options: 'approve, reject' }),
  }),
});
export type UpdateReviewInput = z.infer<typeof updateReviewSchema>;
