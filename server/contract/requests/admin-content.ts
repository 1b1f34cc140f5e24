import { z } from 'zod';
import { msg, pageMin1, text } from './fields.js';

const oneOf = <T extends string>(options: readonly [T, ...T[]]) =>
  z.enum(options, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? 'validation.required' : msg('validation.one_of', { options: options.join(', ') }),
  });

/** `normal` is the reference's name for available posts; `available` is accepted too. */
const QUESTION_LIST_STATUS = ['normal', 'available', 'closed', 'deleted', 'pending'] as const;
const ANSWER_LIST_STATUS = ['normal', 'available', 'deleted', 'pending'] as const;

const query = z
  .string({ error: 'validation.type' })
  .trim()
  .max(100, msg('validation.max_length', { max: 100 }))
  .optional();

/** GET admin question/page (AdminQuestionPageReq). */
export const adminQuestionPageQuery = z.object({
  page: pageMin1(1, 1_000_000),
  page_size: pageMin1(20, 100),
  status: z.preprocess((v) => (v === '' ? undefined : v), oneOf(QUESTION_LIST_STATUS).optional()),
  query,
});
export type AdminQuestionPageQuery = z.infer<typeof adminQuestionPageQuery>;

/** GET admin answer/page (AdminAnswerPageReq). */
export const adminAnswerPageQuery = z.object({
  page: pageMin1(1, 1_000_000),
  page_size: pageMin1(20, 100),
  status: z.preprocess((v) => (v === '' ? undefined : v), oneOf(ANSWER_LIST_STATUS).optional()),
  query,
  question_id: z
    .string({ error: 'validation.type' })
    .trim()
    .max(32, msg('validation.max_length', { max: 32 }))
    .optional(),
});
export type AdminAnswerPageQuery = z.infer<typeof adminAnswerPageQuery>;

/** PUT admin question/status (AdminUpdateQuestionStatusReq). */
export const adminQuestionStatusSchema = z.object({
  question_id: text({ max: 32 }),
  status: oneOf(['available', 'closed', 'deleted']),
});
export type AdminQuestionStatusInput = z.infer<typeof adminQuestionStatusSchema>;

/** PUT admin answer/status (AdminUpdateAnswerStatusReq). */
export const adminAnswerStatusSchema = z.object({
  answer_id: text({ max: 32 }),
  status: oneOf(['available', 'deleted']),
});
export type AdminAnswerStatusInput = z.infer<typeof adminAnswerStatusSchema>;
