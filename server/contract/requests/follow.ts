import { z } from 'zod';
import { flag, msg, text } from './fields.js';

/** POST follow (FollowReq). */
export const followSchema = z.object({
  object_id: text({ max: 64 }),
  is_cancel: flag.optional().default(false),
});
export type FollowInput = z.infer<typeof followSchema>;

/** PUT follow/tags (UpdateFollowTagsReq): the whole list of followed tags; absent means none. */
export const followTagsSchema = z.object({
  slug_name_list: z
    .array(z.string({ error: 'validation.type' }).max(35, msg('validation.max_length', { max: 35 })), { error: 'validation.type' })
    .max(200, msg('validation.max_length', { max: 200 }))
    .optional()
    .default([]),
});
