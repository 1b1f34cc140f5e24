/** Messages of the related endpoints (reason keys and texts). en_US complete. */
export const related_en_US = {
  // invite to answer
  'error.question.invite_users_not_found': 'These users were not found: {{names}}.',
  'error.question.invite_limit': 'You can invite at most {{max}} people.',
  'field.invite_user': 'Invited users',
  // personal pages: titles and activity names as the reference translates them
  'question.deleted_title': 'Deleted question',
  'action_activity_type.upvote': 'upvote',
  'action_activity_type.downvote': 'downvote',
  'action_activity_type.upvoted': 'upvoted',
  'action_activity_type.downvoted': 'downvoted',
  'action_activity_type.accept': 'accept',
  'action_activity_type.accepted': 'accepted',
  'action_activity_type.edit': 'edit',
} as const;

/** Simplified Chinese texts of the related messages (every key). */
export const related_zh_CN: Record<string, string> = {
  'error.question.invite_users_not_found': '以下用户不存在：{{names}}。',
  'error.question.invite_limit': '最多只能邀请 {{max}} 人。',
  'field.invite_user': '受邀用户',
  'question.deleted_title': '已删除的问题',
  'action_activity_type.upvote': '赞同',
  'action_activity_type.downvote': '反对',
  'action_activity_type.upvoted': '被赞同',
  'action_activity_type.downvoted': '被反对',
  'action_activity_type.accept': '采纳',
  'action_activity_type.accepted': '被采纳',
  'action_activity_type.edit': '编辑',
};
