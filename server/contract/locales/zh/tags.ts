import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the tag screens: tag list, tag page, tag info, create and edit tag, create-tag dialog (partial; the rest falls back to English). */
export const tags: Partial<Locale['tags']> = {};
