/** Config ids of activity keys, fixed by migration 2026_11_22_1535_seed_config (activity_type stores them). */
export const ACTIVITY_TYPE = {
  'answer.accepted': 1, 'answer.voted_up': 2, 'question.voted_up': 3, 'answer.accept': 5, 'user.activated': 10,
  'edit.accepted': 11, 'answer.vote_down': 12, 'answer.deleted': 16, 'question.voted_down': 13, 'answer.voted_down': 14,
  'user.follow': 24, 'comment.vote_up': 25, 'question.vote_down': 27, 'question.vote_up': 28, 'answer.vote_up': 30,
  'question.follow': 32, 'tag.follow': 35,
  'question.asked': 87, 'question.closed': 88, 'question.reopened': 89, 'question.answered': 90, 'question.commented': 91,
  'question.accept': 92, 'question.edited': 93, 'question.rollback': 94, 'question.deleted': 95, 'question.undeleted': 96,
  'answer.answered': 97, 'answer.commented': 98, 'answer.edited': 99, 'answer.rollback': 100, 'answer.undeleted': 101,
  'tag.created': 102, 'tag.edited': 103, 'tag.rollback': 104, 'tag.deleted': 105, 'tag.undeleted': 106,
  'question.pin': 119, 'question.unpin': 120, 'question.show': 121, 'question.hide': 122,
} as const;

/** A known activity key. */
export type ActivityKey = keyof typeof ACTIVITY_TYPE;
