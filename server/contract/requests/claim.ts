import { z } from 'zod';
import { email, password, text } from './fields.js';

const noSpaces = (s: z.ZodString) => s.refine((v) => !/\s/.test(v), 'error.password.space_invalid');
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** POST admin user/claim: a fresh claim link for an imported account, mailed when an e-mail is given. */
export const claimLinkSchema = z.object({
  user_id: text({ max: 32 }),
  e_mail: z.preprocess(blankAsMissing, email().optional()),
});
export type ClaimLinkInput = z.infer<typeof claimLinkSchema>;

/** GET user/claim: what a claim link is for. */
export const claimCodeQuery = z.object({ code: text({ max: 200 }) });

/** POST user/claim: the new owner's e-mail and password (the rules of registration). */
export const claimSchema = z.object({ code: text({ max: 200 }), e_mail: email(), pass: noSpaces(password()) });
export type ClaimInput = z.infer<typeof claimSchema>;
