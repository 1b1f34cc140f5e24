/** Messages of the notification endpoints (reason keys and texts). en_US complete. */
export const notification_en_US = {
  // inbox actions (Answer's notification.action.* keys)
  'notification.action.update_question': 'updated question',
  'notification.action.answer_the_question': 'answered question',
  'notification.action.update_answer': 'updated answer',
  'notification.action.accept_answer': 'accepted answer',
  'notification.action.comment_question': 'commented question',
  'notification.action.comment_answer': 'commented answer',
  'notification.action.reply_to_you': 'replied to you',
  'notification.action.mention_you': 'mentioned you',
  'notification.action.your_question_is_closed': 'Your question has been closed',
  'notification.action.your_question_was_deleted': 'Your question has been deleted',
  'notification.action.your_answer_was_deleted': 'Your answer has been deleted',
  'notification.action.your_comment_was_deleted': 'Your comment has been deleted',
  'notification.action.up_voted_question': 'upvoted question',
  'notification.action.down_voted_question': 'downvoted question',
  'notification.action.up_voted_answer': 'upvoted answer',
  'notification.action.down_voted_answer': 'downvoted answer',
  'notification.action.up_voted_comment': 'upvoted comment',
  'notification.action.invited_you_to_answer': 'invited you to answer',
  'notification.action.earned_badge': 'You\'ve earned the "{{badge}}" badge',
  // emails
  'mail.notification.new_answer.subject': '[{{site}}] {{name}} answered your question',
  'mail.notification.new_answer.body':
    '{{name}} answered your question "{{title}}":\n\n{{summary}}\n\nView it on {{site}}: {{url}}\n\nYou are receiving this because you asked the question.',
  'mail.notification.new_comment.subject': '[{{site}}] {{name}} commented on your post',
  'mail.notification.new_comment.body':
    '{{name}} commented on "{{title}}":\n\n{{summary}}\n\nView it on {{site}}: {{url}}\n\nYou are receiving this because you wrote the post or were named in the comment.',
  'mail.notification.invited_answer.subject': '[{{site}}] {{name}} invited you to answer',
  'mail.notification.invited_answer.body': '{{name}} invited you to answer "{{title}}".\n\nAnswer it on {{site}}: {{url}}',
  'mail.notification.new_question.subject': '[{{site}}] New question: {{title}}',
  'mail.notification.new_question.body': 'A new question was asked in a tag you follow ({{tags}}):\n\n{{title}}\n\n{{url}}',
  'mail.notification.weekly.subject': '[{{site}}] {{count}} new questions this week',
  'mail.notification.weekly.body': 'New questions on {{site}} in the past week:\n\n{{list}}',
} as const;

/** Simplified Chinese overrides for the notification messages. */
export const notification_zh_CN: Record<string, string> = {
  'notification.action.update_question': '更新了问题',
  'notification.action.answer_the_question': '回答了问题',
  'notification.action.update_answer': '更新了答案',
  'notification.action.accept_answer': '采纳了答案',
  'notification.action.comment_question': '评论了问题',
  'notification.action.comment_answer': '评论了答案',
  'notification.action.reply_to_you': '回复了你',
  'notification.action.mention_you': '提到了你',
  'notification.action.your_question_is_closed': '你的问题已被关闭',
  'notification.action.your_question_was_deleted': '你的问题已被删除',
  'notification.action.your_answer_was_deleted': '你的答案已被删除',
  'notification.action.your_comment_was_deleted': '你的评论已被删除',
  'notification.action.up_voted_question': '点赞了问题',
  'notification.action.down_voted_question': '点踩了问题',
  'notification.action.up_voted_answer': '点赞了答案',
  'notification.action.down_voted_answer': '点踩了答案',
  'notification.action.up_voted_comment': '点赞了评论',
  'notification.action.invited_you_to_answer': '邀请你回答',
  'notification.action.earned_badge': '你获得了“{{badge}}”徽章',
};
