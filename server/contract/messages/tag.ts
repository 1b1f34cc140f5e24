/** Messages of the tag endpoints (reason keys and texts). en_US complete. */
export const tag_en_US = {
} as const;

/** Simplified Chinese overrides for the tag messages. */
export const tag_zh_CN: Record<string, string> = {};
