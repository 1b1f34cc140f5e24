import { z } from 'zod';
import { email, text } from './fields.js';

/** POST connector/binding/email (ExternalLoginBindingUserSendEmailReq). */
export const bindingEmailSchema = z.object({
  binding_key: text({ max: 100 }),
  email: email(512),
  must: z.boolean({ error: 'validation.type' }).optional().default(false),
});
export type BindingEmailInput = z.infer<typeof bindingEmailSchema>;

/** DELETE connector/user/unbinding (ExternalLoginUnbindingReq). */
export const unbindingSchema = z.object({ external_id: text({ max: 128 }) });
