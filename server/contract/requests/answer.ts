import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { captchaFields, msg, optionalText, paging, text } from './fields.js';

/** POST answer. */
export const addAnswerSchema = z.object({
  question_id: text({ max: 32 }),
  content: text({ max: 65535, trim: false }).refine(
    (v) => v.trim().length >= LIMITS.answer.min,
    msg('validation.min_length', { min: LIMITS.answer.min }),
  ),
  ...captchaFields,
});
export type AddAnswerInput = z.infer<typeof addAnswerSchema>;

/** POST answer/acceptance ('' or '0' un-accepts). */
export const acceptSchema = z.object({ question_id: text({ max: 32 }), answer_id: z.string().max(32).optional().default('0') });

/** GET answer/page. */
export const answerPageQuery = z.object({
  question_id: text({ max: 32 }),
  order: z.enum(['default', 'updated', 'created', 'vote']).catch('default'),
  ...paging(),
});
export type AnswerPageQuery = z.infer<typeof answerPageQuery>;

/** GET answer/info. */
export const answerIdQuery = z.object({ id: text({ max: 32 }) });

const answerContent = () =>
  text({ max: 65535, trim: false }).refine(
    (v) => v.trim().length >= LIMITS.answer.min,
    msg('validation.min_length', { min: LIMITS.answer.min }),
  );

/** PUT answer (AnswerUpdateReq; question_id required as the reference's handler demands). */
export const updateAnswerSchema = z.object({
  id: text({ max: 32 }),
  question_id: text({ max: 32 }),
  content: answerContent(),
  edit_summary: optionalText(1000),
  title: z.string().max(1000).optional(),
  ...captchaFields,
});
export type UpdateAnswerInput = z.infer<typeof updateAnswerSchema>;

/** DELETE answer (RemoveAnswerReq). */
export const removeAnswerSchema = z.object({ id: text({ max: 32 }), ...captchaFields });

/** POST answer/recover (RecoverAnswerReq). */
export const recoverAnswerSchema = z.object({ answer_id: text({ max: 32 }) });
