import { z } from 'zod';

/** The form fields of POST import/stackexchange: the site the dump comes from (optional for archives named after it). */
export const importFields = z.object({
  site: z.string().trim().max(253).default(''),
});
export type ImportFields = z.infer<typeof importFields>;
