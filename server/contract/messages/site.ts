/** Messages of the site-settings endpoints. en_US complete. */
export const site_en_US = {
  'error.site_info.time_zone_invalid': 'Timezone is not valid.',
  'error.tag.recommend_contains_reserved': 'Recommended tags cannot contain reserved tags.',
  'error.upload.source_unsupported': 'Unsupported upload source.',
} as const;

/** Simplified Chinese overrides for the site-settings messages. */
export const site_zh_CN: Record<string, string> = {
  'error.tag.recommend_contains_reserved': '推荐标签不能包含保留标签。',
};
