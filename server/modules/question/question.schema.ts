import { z } from 'zod';
import { LIMITS } from '../../contract/limits.js';
import { captchaFields, optionalText, pageNumber, text } from '../../http/fields.js';
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
export const questionIdQuery = z.object({ id: text({ max: 32 }), share: optionalText(100) });

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

const idField = text({ max: 32 });

/** PUT question (QuestionUpdate); an empty tag list keeps the current tags. */
export const updateQuestionSchema = z.object({
  id: idField,
  title: text({ max: LIMITS.title.max }),
  content: text({ max: 65535, trim: false }),
  tags: z.array(tagItem, { error: 'validation.required' }).max(5, msg('validation.max_length', { max: 5 })),
  edit_summary: optionalText(1000),
  invite_user: z.array(z.string().max(100)).max(100).optional(),
  ...captchaFields,
});
export type UpdateQuestionInput = z.infer<typeof updateQuestionSchema>;

/** DELETE question (RemoveQuestionReq). */
export const removeQuestionSchema = z.object({ id: idField, ...captchaFields });

/** POST question/recover (QuestionRecoverReq). */
export const recoverQuestionSchema = z.object({ question_id: idField });

/** PUT question/status (CloseQuestionReq). */
export const closeQuestionSchema = z.object({
  id: idField,
  close_type: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z
      .number({
        error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.required' : 'validation.type'),
      })
      .int('validation.type')
      .min(1, 'validation.type')
      .max(1_000_000, 'validation.type'),
  ),
  close_msg: optionalText(65535),
});
export type CloseQuestionInput = z.infer<typeof closeQuestionSchema>;

/** PUT question/reopen (ReopenQuestionReq). */
export const reopenQuestionSchema = z.object({ question_id: idField });

/** PUT question/operation (OperationQuestionReq). */
export const operationQuestionSchema = z.object({
  id: idField,
  operation: z.enum(['pin', 'unpin', 'hide', 'show'], { error: msg('validation.one_of', { options: 'pin, unpin, hide, show' }) }),
});
export type OperationQuestionInput = z.infer<typeof operationQuestionSchema>;

/** POST question/answer (QuestionAddByAnswer): a question with its asker's own answer. */
export const addQuestionByAnswerSchema = addQuestionSchema.extend({
  answer_content: text({ max: 65535, trim: false }).refine(
    (v) => v.trim().length >= LIMITS.answer.min,
    msg('validation.min_length', { min: LIMITS.answer.min }),
  ),
  mention_username_list: z.array(z.string().max(100)).max(100).optional(),
});
export type AddQuestionByAnswerInput = z.infer<typeof addQuestionByAnswerSchema>;
