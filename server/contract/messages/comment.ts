/** Messages of the comment endpoints (reason keys and texts). en_US complete. */
export const comment_en_US = {
} as const;

/** Simplified Chinese overrides for the comment messages. */
export const comment_zh_CN: Record<string, string> = {};
