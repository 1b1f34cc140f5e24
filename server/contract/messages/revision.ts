/** Messages of the revision endpoints (reason keys and texts). en_US complete. */
export const revision_en_US = {
} as const;

/** Simplified Chinese overrides for the revision messages. */
export const revision_zh_CN: Record<string, string> = {};
