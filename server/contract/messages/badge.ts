/** Messages of the badge endpoints (reason keys and texts). en_US complete. */
export const badge_en_US = {
} as const;

/** Simplified Chinese overrides for the badge messages. */
export const badge_zh_CN: Record<string, string> = {};
