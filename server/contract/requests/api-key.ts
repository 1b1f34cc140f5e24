import { z } from 'zod';
import { API_KEY_DESCRIPTION_MAX, API_KEY_SCOPES } from '../limits.js';
import { msg, text } from './fields.js';

const description = text({ max: API_KEY_DESCRIPTION_MAX });
// Answer's id is an int; a digit string is taken too
const id = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: 'validation.required' }).int('validation.type').positive('validation.type'),
);

/** POST api-key (Answer's AddAPIKeyReq). */
export const addApiKeyBody = z.object({
  description,
  scope: z.enum(API_KEY_SCOPES, { error: msg('validation.one_of', { options: API_KEY_SCOPES.join(', ') }) }),
});
export type AddApiKeyBody = z.infer<typeof addApiKeyBody>;

/** PUT api-key (Answer's UpdateAPIKeyReq): only the description changes. */
export const updateApiKeyBody = z.object({ id, description });
export type UpdateApiKeyBody = z.infer<typeof updateApiKeyBody>;

/** DELETE api-key (Answer's DeleteAPIKeyReq, the id in the body). */
export const deleteApiKeyBody = z.object({ id });
export type DeleteApiKeyBody = z.infer<typeof deleteApiKeyBody>;
