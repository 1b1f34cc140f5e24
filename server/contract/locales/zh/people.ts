import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the people screens: user list, user profile and its tabs, badges and a badge's awards (partial; the rest falls back to English). */
export const people: Partial<Locale['people']> = {};
