/** Messages of the notification endpoints (reason keys and texts). en_US complete. */
export const notification_en_US = {
} as const;

/** Simplified Chinese overrides for the notification messages. */
export const notification_zh_CN: Record<string, string> = {};
