import { z } from 'zod';
import { msg, text } from './fields.js';

/** The emojis the reference allows. */
export const REACTION_EMOJIS = ['heart', 'smile', 'frown'] as const;
export type ReactionEmoji = (typeof REACTION_EMOJIS)[number];

/** PUT meta/reaction (UpdateReactionReq). */
export const updateReactionSchema = z.object({
  object_id: text({ max: 32 }),
  emoji: z.enum(REACTION_EMOJIS, {
    error: (iss) =>
      iss.input === undefined || iss.input === ''
        ? 'validation.required'
        : msg('validation.one_of', { options: REACTION_EMOJIS.join(', ') }),
  }),
  reaction: z.enum(['activate', 'deactivate'], {
    error: (iss) =>
      iss.input === undefined || iss.input === '' ? 'validation.required' : msg('validation.one_of', { options: 'activate, deactivate' }),
  }),
});
export type UpdateReactionInput = z.infer<typeof updateReactionSchema>;

/** GET meta/reaction. */
export const reactionQuery = z.object({ object_id: text({ max: 32 }) });
