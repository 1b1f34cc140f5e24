/** Messages of the account endpoints (user, session, email flows). en_US complete. */
export const accounts_en_US = {
  'error.rank.no_enough_rank_to_operate': 'You need at least {{rank}} reputation to do this.',
  'error.rank.fail_to_meet_the_condition': 'Reputation rank fail to meet the condition.',
  'error.user.too_many_attempts': 'Too many attempts, try again in {{seconds}} s.',
} as const;

/** Simplified Chinese texts of the account messages (every key). */
export const accounts_zh_CN: Record<string, string> = {
  'error.rank.no_enough_rank_to_operate': '您至少需要 {{rank}} 声望才能执行此操作。',
  'error.rank.fail_to_meet_the_condition': '声望等级不满足条件。',
  'error.user.too_many_attempts': '尝试次数过多，请在 {{seconds}} 秒后重试。',
};
