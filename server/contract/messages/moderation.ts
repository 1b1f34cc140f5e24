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

/** Simplified Chinese texts of the moderation messages (every key). */
export const moderation_zh_CN: Record<string, string> = {
  'error.report.handle_failed': '举报处理失败。',
  'error.report.own_post': '你不能举报自己的帖子。',
  'error.report.already_reported': '你已经举报过这个帖子，正在等待审核。',
  'error.report.content_required': '请详细说明这个原因。',
  'error.report.duplicate_url_invalid': '链接必须指向本站的另一个问题。',
  'error.report.operation_not_allowed': '不能对这类帖子执行此操作。',
  'error.review.object_gone': '该排队的帖子已不再等待审核。',
  'plugin.lantern_reviewer.reason.new_user': '作者的声望低于 {{rank}}，且已批准的帖子少于 {{count}} 个。',
  'plugin.lantern_reviewer.reason.links': '该帖子有 {{links}} 个链接（超过 {{max}} 个）。',
  'field.report_type': '原因',
  'field.flag_id': '举报',
  'field.operation_type': '操作',
  'field.review_id': '审核',
};
