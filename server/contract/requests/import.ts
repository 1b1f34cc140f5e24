import { z } from 'zod';

/** The form fields of POST import/stackexchange: the site the dump comes from (optional for archives named after it). */
export const importFields = z.object({
  site: z.string().trim().max(253).default(''),
  /** The form's checkbox: fetch the posts' remote images and store them as uploads. */
  fetch_images: z
    .enum(['true', 'false', 'on', '1', '0', ''])
    .default('')
    .transform((v) => v === 'true' || v === 'on' || v === '1'),
});
export type ImportFields = z.infer<typeof importFields>;
