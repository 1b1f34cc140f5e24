/** Messages of the search endpoints (reason keys and texts). en_US complete. */
export const search_en_US = {
} as const;

/** Simplified Chinese overrides for the search messages. */
export const search_zh_CN: Record<string, string> = {};
