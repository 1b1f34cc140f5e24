/** Messages of the account endpoints (user, session, email flows). en_US complete. */
export const accounts_en_US = {} as const;

/** Simplified Chinese overrides for the account messages. */
export const accounts_zh_CN: Record<string, string> = {};
