/** Messages of the moderation endpoints: flags, the queued-post review queue, admin content. en_US complete. */
export const moderation_en_US = {
  // flags (Answer's keys)
  'error.report.handle_failed': 'Report handle failed.',
  // flags (Lantern's keys: the reference accepts these cases)
  'error.report.own_post': 'You cannot flag your own post.',
  'error.report.already_reported': 'You have already flagged this post; it is waiting for review.',
  'error.report.content_required': 'Please tell us more about this reason.',
  'error.report.duplicate_url_invalid': 'The link must point to another question on this site.',
  'error.report.operation_not_allowed': 'This action cannot be taken on this kind of post.',
  // queued posts (Lantern's keys)
  'error.review.object_gone': 'The queued post is no longer waiting for review.',
  // the built-in reviewer plugin
  'plugin.lantern_reviewer.reason.new_user': 'The author has less than {{rank}} reputation and fewer than {{count}} approved posts.',
  'plugin.lantern_reviewer.reason.links': 'The post has {{links}} links (more than {{max}}).',
  // field labels
  'field.report_type': 'Reason',
  'field.flag_id': 'Flag',
  'field.operation_type': 'Action',
  'field.review_id': 'Review',
} as const;

/** Simplified Chinese overrides for the moderation messages. */
export const moderation_zh_CN: Record<string, string> = {
  'error.report.handle_failed': '举报处理失败。',
  'error.report.own_post': '你不能举报自己的帖子。',
  'error.report.already_reported': '你已经举报过这个帖子，正在等待审核。',
  'field.report_type': '原因',
};
