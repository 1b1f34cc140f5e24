import { z } from 'zod';
import { flag, text } from './fields.js';

/** POST vote/up and vote/down. */
export const voteSchema = z.object({
  object_id: text({ max: 32 }),
  is_cancel: flag.optional().default(false),
  captcha_id: z.string().max(100).optional(),
  captcha_code: z.string().max(100).optional(),
});
