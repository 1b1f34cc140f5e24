import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the notifications, search, timelines, linked questions, header and side navigation additions (partial; the rest falls back to English). */
export const inbox: Partial<Locale['inbox']> = {};
