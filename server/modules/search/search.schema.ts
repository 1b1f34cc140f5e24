import { z } from 'zod';
import { captchaFields, pageNumber, text } from '../../http/fields.js';

/** GET search: q (required, up to 60 characters, as the reference), order, page, size (default 30, at most 50) and captcha fields. */
export const searchQuery = z.object({
  q: text({ max: 60 }),
  order: z.enum(['relevance', 'newest', 'active', 'score']).catch('relevance'),
  page: pageNumber(1, 100000),
  size: pageNumber(30, 50),
  ...captchaFields,
});
export type SearchQuery = z.infer<typeof searchQuery>;
