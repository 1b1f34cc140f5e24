/** Messages of the related endpoints (reason keys and texts). en_US complete. */
export const related_en_US = {
} as const;

/** Simplified Chinese overrides for the related messages. */
export const related_zh_CN: Record<string, string> = {};
