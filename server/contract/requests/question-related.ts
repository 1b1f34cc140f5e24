import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { captchaFields, msg, paging, text } from './fields.js';

/** The most people one question may invite (the reference's client limit). */
export const MAX_INVITE_USERS = 20;

/** GET question/invite. */
export const inviteQuery = z.object({ id: text({ max: 32 }) });

/** PUT question/invite (QuestionUpdateInviteUser): the full list of invited usernames. */
export const updateInviteSchema = z.object({
  id: text({ max: 32 }),
  invite_user: z
    .array(
      z
        .string({ error: 'validation.type' })
        .trim()
        .min(1, 'validation.required')
        .max(100, msg('validation.max_length', { max: 100 })),
      { error: 'validation.type' },
    )
    .max(MAX_INVITE_USERS, msg('error.question.invite_limit', { max: MAX_INVITE_USERS }))
    .optional()
    .default([]),
  ...captchaFields,
});
export type UpdateInviteInput = z.infer<typeof updateInviteSchema>;

/** GET question/similar: the title typed on the ask page (empty gives an empty list). */
export const similarTitleQuery = z.object({
  title: z
    .string({ error: 'validation.type' })
    .trim()
    .max(LIMITS.title.max, msg('validation.max_length', { max: LIMITS.title.max }))
    .optional()
    .default(''),
});

/** GET question/similar/tag. */
export const similarTagQuery = z.object({ question_id: text({ max: 32 }) });

const ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered', 'frequent'] as const;
/** A list order; unknown values (the reference's `recommend`, junk) fall back to newest. */
const order = z.enum(ORDERS).catch('newest');
const inDays = z.coerce.number().int().min(0).max(36500).catch(0).optional();

/** GET question/link. */
export const linkQuery = z.object({
  question_id: text({ max: 32 }),
  order,
  in_days: inDays,
  ...paging(),
});
export type LinkQuery = z.infer<typeof linkQuery>;

/** GET question/recommend/page (QuestionPageReq sent as a query; only the paging is used). */
export const recommendQuery = z.object({
  ...paging(),
});
export type RecommendQuery = z.infer<typeof recommendQuery>;
