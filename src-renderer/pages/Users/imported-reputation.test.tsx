// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { profileFixture } from './fixtures';
import UserProfilePage from './UserProfilePage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the reputation tab of an imported account', () => {
  it('shows the "Imported from <site>" entry as plain text with its points, beside a vote on a post', async () => {
    mockFetch({
      'GET /personal/user/info': { data: profileFixture({ rank: 1244 }) },
      'GET /personal/qa/top': { data: { question: [], answer: [] } },
      'GET /badge/user/awards': { data: { count: 0, list: [] } },
      'GET /badge/user/awards/recent': { data: { count: 0, list: [] } },
      'GET /personal/rank/page': {
        data: {
          count: 2,
          list: [
            {
              created_at: 1_700_000_900,
              reputation: 10,
              rank_type: 'upvoted',
              object_id: 'q1',
              object_type: 'question',
              title: 'How fine a grind?',
              url_title: 'how-fine-a-grind',
              content: '',
              question_id: 'q1',
              answer_id: '',
            },
            {
              created_at: 1_700_000_000,
              reputation: 1234,
              rank_type: 'imported',
              object_id: '7',
              object_type: 'user',
              title: 'Imported from coffee.stackexchange.com',
              url_title: '',
              content: '',
              question_id: '',
              answer_id: '',
            },
          ],
        },
      },
    });
    renderWithApp(<UserProfilePage />, { path: '/users/ada/reputation', pattern: '/users/:username/:tabName?', user: null });
    const heading = await screen.findByRole('heading', { name: 'Imported from coffee.stackexchange.com' });
    // no link: the entry is about the account, not a post
    expect(within(heading).queryByRole('link')).toBeNull();
    const item = heading.closest('li')!;
    expect(within(item).getByText('+1234')).toBeTruthy();
    expect(within(item).getByText('imported')).toBeTruthy();
    expect(item.textContent).not.toMatch(/people\.object_user|object_user/);
    expect(screen.getByRole('link', { name: 'How fine a grind?' }).getAttribute('href')).toContain('/questions/q1');
  });
});
