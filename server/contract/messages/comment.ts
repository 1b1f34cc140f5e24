/** Messages of the comment, comment-vote and reaction endpoints (reason keys and texts). en_US complete. */
export const comment_en_US = {
  'error.comment.not_found': 'Comment not found.',
  'error.comment.content_cannot_empty': 'Comment content cannot be empty.',
  'error.comment.cannot_edit_after_deadline': 'The comment time has been too long to modify.',
  // Lantern's own: the reference stored a down vote on a comment as an up vote
  'error.comment.cannot_vote_down': 'Comments can only be voted up.',
  'question.deleted_title': 'Deleted question',
  // field messages of a comment's original_text
  'validation.comment_required': 'Comment cannot be empty.',
  'validation.comment_length': 'Comment must be at {{min}}-{{max}} characters in length.',
  'validation.comment_type': 'Comment is not valid.',
  'reaction.tooltip': '{{names}} and {{count}} more...',
} as const;

/** Simplified Chinese texts of the comment messages (every key). */
export const comment_zh_CN: Record<string, string> = {
  'error.comment.not_found': '评论未找到。',
  'error.comment.content_cannot_empty': '评论内容不能为空。',
  'error.comment.cannot_edit_after_deadline': '评论时间太久，无法修改。',
  'error.comment.cannot_vote_down': '评论只能点赞。',
  'question.deleted_title': '问题已删除',
  'validation.comment_required': '评论不能为空。',
  'validation.comment_length': '评论长度必须为 {{min}}-{{max}} 个字符。',
  'validation.comment_type': '评论无效。',
  'reaction.tooltip': '{{names}} 等 {{count}} 人...',
};
