/** Messages of the site-settings endpoints. en_US complete. */
export const site_en_US = {
  'error.site_info.time_zone_invalid': 'Timezone is not valid.',
  'error.tag.recommend_contains_reserved': 'Recommended tags cannot contain reserved tags.',
  'error.upload.source_unsupported': 'Unsupported upload source.',
} as const;

/** Simplified Chinese texts of the site-settings messages (every key). */
export const site_zh_CN: Record<string, string> = {
  'error.site_info.time_zone_invalid': '时区无效。',
  'error.tag.recommend_contains_reserved': '推荐标签不能包含保留标签。',
  'error.upload.source_unsupported': '不支持的上传来源。',
};
