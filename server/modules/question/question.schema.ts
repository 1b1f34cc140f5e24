import { z } from 'zod';
import { LIMITS } from '../../contract/limits.js';
import { captchaFields, pageNumber, text } from '../../http/fields.js';
import { msg } from '../../http/validate.js';

const tagItem = z.object({
  slug_name: text({ max: 35 }),
  display_name: z.string().max(35).optional(),
  original_text: z.string().max(65535).optional(),
});

/** POST question. */
export const addQuestionSchema = z.object({
  title: text({ max: LIMITS.title.max }),
  content: text({ max: 65535, trim: false }),
  tags: z.array(tagItem, { error: 'validation.required' }).max(5, msg('validation.max_length', { max: 5 })),
  ...captchaFields,
});
export type AddQuestionInput = z.infer<typeof addQuestionSchema>;

/** GET question/info. */
export const questionIdQuery = z.object({ id: text({ max: 32 }) });

/** GET question/page. */
export const questionPageQuery = z.object({
  page: pageNumber(1, 100000),
  page_size: pageNumber(20, 100),
  order: z.enum(['newest', 'active', 'hot', 'score', 'unanswered', 'frequent']).catch('newest'),
  tag: z.string().trim().toLowerCase().max(35).optional(),
  username: z.string().trim().max(100).optional(),
  in_days: z.coerce.number().int().min(0).max(36500).catch(0).optional(),
});
export type QuestionPageQuery = z.infer<typeof questionPageQuery>;
