import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { captchaFields, msg, optionalText, pageMin1, text } from './fields.js';

const tagItem = z.object({
  slug_name: text({ max: 35 }),
  display_name: z.string().max(35).optional(),
  original_text: z.string().max(65535).optional(),
});

// the reference's QuestionAdd / QuestionUpdate (v1.5.1): title and content required, non-blank, gte=6
const CONTENT_MIN = 6;
const titleField = text({ max: LIMITS.title.max }).min(LIMITS.title.min, msg('validation.min_length', { min: LIMITS.title.min }));
const contentField = text({ max: 65535, trim: false }).refine(
  (v) => v.trim().length >= CONTENT_MIN,
  msg('validation.min_length', { min: CONTENT_MIN }),
);

/** POST question. */
export const addQuestionSchema = z.object({
  title: titleField,
  content: contentField,
  tags: z.array(tagItem, { error: 'validation.required' }).max(5, msg('validation.max_length', { max: 5 })),
  ...captchaFields,
});
export type AddQuestionInput = z.infer<typeof addQuestionSchema>;

/** GET question/info. */
export const questionIdQuery = z.object({ id: text({ max: 32 }), share: optionalText(100) });

/** GET question/page. */
export const questionPageQuery = z.object({
  page: pageMin1(1, 100000),
  page_size: pageMin1(20, 100),
  // the reference's oneof: an order it does not know is refused; 'mine' and 'recommend' (kept for its
  // plugins) read as newest, as an empty order does
  order: z.preprocess(
    (v) => (v === undefined || v === '' ? 'newest' : v),
    z
      .enum(['newest', 'active', 'hot', 'score', 'unanswered', 'frequent', 'mine', 'recommend'], {
        error: msg('validation.one_of', { options: 'newest, mine, active, hot, score, unanswered, recommend, frequent' }),
      })
      .transform((o) => (o === 'mine' || o === 'recommend' ? 'newest' : o)),
  ),
  // lte=100 as the reference (a longer slug than a tag can have simply finds none)
  tag: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, msg('validation.max_length', { max: 100 }))
    .optional(),
  username: z
    .string()
    .trim()
    .max(100, msg('validation.max_length', { max: 100 }))
    .optional(),
  // omitempty,min=1: 0 or missing is no limit, a negative number is refused
  in_days: pageMin1(0, 36500).optional(),
});
export type QuestionPageQuery = z.infer<typeof questionPageQuery>;

const idField = text({ max: 32 });

/** PUT question (QuestionUpdate); an empty tag list keeps the current tags. */
export const updateQuestionSchema = z.object({
  id: idField,
  title: titleField,
  content: contentField,
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
