/** Messages of the site-settings endpoints. en_US complete. */
export const site_en_US = {} as const;

/** Simplified Chinese overrides for the site-settings messages. */
export const site_zh_CN: Record<string, string> = {};
