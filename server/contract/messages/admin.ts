/** Messages of the admin, plugin, connector and user-centre endpoints. en_US complete. */
export const admin_en_US = {
} as const;

/** Simplified Chinese overrides for the admin messages. */
export const admin_zh_CN: Record<string, string> = {};
