import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../limits.js';
import { msg, optionalText, pageNumber, text } from './fields.js';

const events = z
  .array(z.enum(WEBHOOK_EVENTS, { error: () => msg('validation.one_of', { options: WEBHOOK_EVENTS.join(', ') }) }), {
    error: 'validation.type',
  })
  .min(1, 'error.webhook.no_events')
  .max(WEBHOOK_EVENTS.length, msg('validation.max_length', { max: WEBHOOK_EVENTS.length }));

const bool = z.boolean({ error: 'validation.type' });

/** POST admin webhooks: a new hook (its secret is made by the server). */
export const createHookSchema = z.object({
  url: text({ max: 2048 }),
  description: optionalText(200),
  events,
  active: bool.optional(),
  allow_lan: bool.optional(),
});
export type CreateHookInput = z.infer<typeof createHookSchema>;

/** PUT admin webhooks/:id: the same fields, and rotate_secret to replace the secret (the answer then holds the new one). */
export const updateHookSchema = createHookSchema.extend({ rotate_secret: bool.optional() });
export type UpdateHookInput = z.infer<typeof updateHookSchema>;

/** GET admin webhooks/:id/deliveries. */
export const deliveriesQuery = z.object({ page: pageNumber(1, 1_000_000), page_size: pageNumber(20, 100) });
