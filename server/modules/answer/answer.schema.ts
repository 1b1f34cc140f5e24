import { z } from 'zod';
import { LIMITS } from '../../contract/limits.js';
import { captchaFields, pageNumber, text } from '../../http/fields.js';
import { msg } from '../../http/validate.js';

/** POST answer. */
export const addAnswerSchema = z.object({
  question_id: text({ max: 32 }),
  content: text({ max: 65535, trim: false }).refine((v) => v.trim().length >= LIMITS.answer.min, msg('validation.min_length', { min: LIMITS.answer.min })),
  ...captchaFields,
});
export type AddAnswerInput = z.infer<typeof addAnswerSchema>;

/** POST answer/acceptance ('' or '0' un-accepts). */
export const acceptSchema = z.object({ question_id: text({ max: 32 }), answer_id: z.string().max(32).optional().default('0') });

/** GET answer/page. */
export const answerPageQuery = z.object({
  question_id: text({ max: 32 }),
  order: z.enum(['default', 'updated', 'created', 'vote']).catch('default'),
  page: pageNumber(1, 100000),
  page_size: pageNumber(20, 100),
});
export type AnswerPageQuery = z.infer<typeof answerPageQuery>;

/** GET answer/info. */
export const answerIdQuery = z.object({ id: text({ max: 32 }) });
