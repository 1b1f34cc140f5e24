import { z } from 'zod';
import { captchaFields, optionalText, pageNumber } from '../../http/fields.js';

/** GET search: q (up to 60 characters), order, page, size (default 30, at most 50) and captcha fields. */
export const searchQuery = z.object({
  q: optionalText(60),
  order: z.enum(['relevance', 'newest', 'active', 'score']).catch('relevance'),
  page: pageNumber(1, 100000),
  size: pageNumber(30, 50),
  ...captchaFields,
});
export type SearchQuery = z.infer<typeof searchQuery>;
