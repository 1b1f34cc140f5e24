import type { Locale } from '../en_US.js';

/** Simplified Chinese texts of the question page additions: dialogs (close, report, delete, invite), reactions, share, follow, bookmarks, editor toolbar (partial; the rest falls back to English). */
export const qa: Partial<Locale['qa']> = {};
