/** Messages of the moderation endpoints (reason keys and texts). en_US complete. */
export const moderation_en_US = {
} as const;

/** Simplified Chinese overrides for the moderation messages. */
export const moderation_zh_CN: Record<string, string> = {};
