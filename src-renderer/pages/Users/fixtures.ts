import type { Reply } from '../../../tests/support/fetch-mock';

// Fixtures of the people screens' component tests.

/** A profile as personal/user/info answers it. */
export function profileFixture(over: Record<string, unknown> = {}) {
  return {
    id: '7',
    username: 'ada',
    display_name: 'Ada Lovelace',
    avatar: '',
    rank: 42,
    website: 'ada.example.com',
    location: 'London',
    language: 'en_US',
    status: 'normal',
    created_at: 1_700_000_000,
    last_login_date: 1_700_000_500,
    answer_count: 3,
    question_count: 2,
    follow_count: 0,
    bio: 'I write *programs*.',
    bio_html: '<p>I write <em>programs</em>.</p>',
    status_msg: '',
    ...over,
  };
}

export const EMPTY_PAGE: Reply = { data: { count: 0, list: [] } };
