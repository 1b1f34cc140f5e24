// Fixtures of the question page's component tests.

/** The flag reasons of an answer as the server lists them. */
export const ANSWER_FLAG_REASONS = [
  {
    reason_key: 'reason.spam',
    reason_type: 57,
    name: 'spam',
    description: 'This post is an advertisement.',
    content_type: '',
    placeholder: '',
  },
  {
    reason_key: 'reason.something',
    reason_type: 59,
    name: 'something else',
    description: 'Something not listed above.',
    content_type: 'textarea',
    placeholder: '',
  },
  {
    reason_key: 'reason.a_duplicate',
    reason_type: 60,
    name: 'a duplicate',
    description: 'This question has been asked before.',
    content_type: 'text',
    placeholder: '',
  },
];
