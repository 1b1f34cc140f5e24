import { z } from 'zod';
import { captchaFields, msg, optionalText, pageNumber, text } from './fields.js';

const requiredType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.required' : 'validation.type';

/** A config id (a reason): an integer, a numeric string accepted. */
const configId = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z.number({ error: requiredType }).int('validation.type').min(1, 'validation.type').max(1_000_000, 'validation.type'),
  );

/** POST report (AddReportReq). */
export const addReportSchema = z.object({
  object_id: text({ max: 32 }),
  report_type: configId(),
  content: optionalText(500),
  ...captchaFields,
});
export type AddReportInput = z.infer<typeof addReportSchema>;

/** GET report/unreviewed/post. */
export const unreviewedReportQuery = z.object({ page: pageNumber(1, 1_000_000) });

const OPERATIONS = ['edit_post', 'close_post', 'delete_post', 'unlist_post', 'ignore_report'] as const;

/**
 * PUT report/review (ReviewReportReq). The fields an operation needs (close_type for close_post,
 * title/content/tags for edit_post) are checked by the edit or close they lead to.
 */
export const reviewReportSchema = z.object({
  flag_id: text({ max: 32 }),
  operation_type: z.enum(OPERATIONS, {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? 'validation.required' : msg('validation.one_of', { options: OPERATIONS.join(', ') }),
  }),
  close_type: configId().optional(),
  close_msg: optionalText(65535),
  title: z
    .string({ error: 'validation.type' })
    .max(1000, msg('validation.max_length', { max: 1000 }))
    .optional(),
  content: z
    .string({ error: 'validation.type' })
    .max(65535, msg('validation.max_length', { max: 65535 }))
    .optional(),
  tags: z
    .array(z.unknown(), { error: 'validation.type' })
    .max(5, msg('validation.max_length', { max: 5 }))
    .optional(),
  edit_summary: optionalText(1000),
});
export type ReviewReportInput = z.infer<typeof reviewReportSchema>;
