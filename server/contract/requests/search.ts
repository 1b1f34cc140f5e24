import { z } from 'zod';
import { captchaFields, pageMin1, text } from './fields.js';

/** GET search: q (required, up to 60 characters, as the reference), order, page, size (default 30, at most 50) and captcha fields. */
export const searchQuery = z.object({
  q: text({ max: 60 }),
  order: z.enum(['relevance', 'newest', 'active', 'score']).catch('relevance'),
  page: pageMin1(1, 100000),
  size: pageMin1(30, 50),
  ...captchaFields,
});
export type SearchQuery = z.infer<typeof searchQuery>;
