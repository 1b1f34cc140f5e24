/** Messages of the Q&A endpoints. en_US complete. */
export const content_en_US = {
  'error.tag.not_found': 'Tag not found.',
  'error.tag.recommend_tag_enter': 'Please enter at least one required tag.',
  'error.tag.reserved_only_staff': '"{{names}}" can only be used by moderators.',
  'error.question.not_found': 'Question not found.',
  'error.question.content_cannot_empty': 'Content cannot be empty.',
  'error.question.cannot_update': 'No permission to update.',
  'error.question.cannot_deleted': 'No permission to delete.',
  'error.question.already_deleted': 'This post has been deleted.',
  'error.question.under_review': 'Your post is awaiting review. It will be visible after it has been approved.',
  'error.answer.not_found': 'Answer do not found.',
  'error.answer.question_closed_cannot_add': 'Questions are closed and cannot be added.',
  'error.answer.restrict_answer': 'You have already answered this question; edit your answer instead.',
  'error.answer.content_cannot_empty': 'Answer content cannot be empty.',
  'error.object.disallow_vote_your_self': 'Forbidden to operate on yourself',
  'error.object.already_deleted': 'This post has been deleted.',
  'error.object.not_found': 'Object not found.',
  'error.answer.cannot_deleted': 'No permission to delete.',
  'error.answer.cannot_update': 'No permission to update.',
  'error.question.cannot_close': 'No permission to close.',
  'error.report.not_found': 'Report not found.',
  'error.tag.reserved_must_be_present': 'The reserved tag "{{names}}" must be present.',
} as const;

/** Simplified Chinese overrides for the Q&A messages. */
export const content_zh_CN: Record<string, string> = {
  'error.question.not_found': '问题未找到。',
  'error.question.cannot_update': '没有更新权限。',
  'error.question.cannot_deleted': '没有删除权限。',
  'error.answer.cannot_deleted': '没有删除权限。',
  'error.answer.cannot_update': '没有更新权限。',
};
