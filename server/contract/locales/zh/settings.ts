import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the the user's settings: profile, notifications, account, interface (partial; the rest falls back to English). */
export const settings: Partial<Locale['settings']> = {};
