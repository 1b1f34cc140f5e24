// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import BadgePage from './BadgePage';
import BadgesPage from './BadgesPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOT_FOUND = "Unfortunately, this page doesn't exist.";
const scholar = { id: 'b1', name: 'Scholar', icon: 'check-circle-fill', award_count: 4, earned_count: 1, level: 1 };
const great = { id: 'b2', name: 'Great Answer', icon: 'chat-square-text-fill', award_count: 0, earned_count: 0, level: 3 };
const info = (b: typeof scholar, description: string) => ({ ...b, description, is_single: b.id === 'b1' });

describe('the badges page', () => {
  it('groups the badges with level, description and award count, and marks those the viewer earned', async () => {
    mockFetch({
      'GET /badges': {
        data: [
          { group_name: 'Getting Started', badges: [scholar] },
          { group_name: 'Posting', badges: [great] },
          { group_name: 'Empty', badges: [] },
        ],
      },
      'GET /badge': ({ query: q }) => ({
        data: q.get('id') === 'b1' ? info(scholar, 'Asked a question and accepted an answer.') : info(great, 'Answer score of 50 or more.'),
      }),
    });
    renderWithApp(<BadgesPage />, { path: '/badges', user: userFixture() });
    const start = await screen.findByRole('region', { name: 'Getting Started' });
    const card = within(start).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Scholar' }).getAttribute('href')).toBe('/badges/b1');
    expect(card.textContent).toContain('Bronze');
    expect(card.textContent).toContain('Awarded 4 times');
    expect(card.textContent).toContain('Earned');
    expect(await within(card).findByText('Asked a question and accepted an answer.')).toBeTruthy();
    const posting = screen.getByRole('region', { name: 'Posting' });
    expect(posting.textContent).toContain('Gold');
    expect(posting.textContent).toContain('Awarded 0 times');
    expect(posting.textContent).not.toContain('Earned');
    expect(screen.queryByRole('region', { name: 'Empty' })).toBeNull();
    expect(document.title).toBe('Badges - Team Lantern');
  });

  it('says so when no badge is active', async () => {
    mockFetch({ 'GET /badges': { data: [] } });
    renderWithApp(<BadgesPage />, { path: '/badges', user: null });
    expect(await screen.findByText('No badges are active on this site.')).toBeTruthy();
  });
});

describe('a badge page', () => {
  it('shows the badge and who earned it, with a link to the post it was for', async () => {
    mockFetch({
      'GET /badge': { data: info(scholar, 'Asked a question and accepted an answer.') },
      'GET /badge/awards/page': {
        data: {
          count: 1,
          list: [
            {
              created_at: 1_700_000_000,
              object_id: 'a9',
              question_id: 'q9',
              answer_id: 'a9',
              comment_id: '',
              object_type: 'answer',
              url_title: 'lamp-oil',
              author_user_info: { id: '3', username: 'bob', display_name: 'Bob', avatar: '', rank: 16, status: 'normal' },
            },
          ],
        },
      },
    });
    renderWithApp(<BadgePage />, { path: '/badges/b1', pattern: '/badges/:badgeId', user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scholar' })).toBeTruthy();
    expect(screen.getByText('Awarded 4 times · Can be earned once')).toBeTruthy();
    const awards = await screen.findByRole('list', { name: 'Awarded to' });
    expect(within(awards).getByRole('link', { name: 'Bob' }).getAttribute('href')).toBe('/users/bob');
    expect(within(awards).getByRole('link', { name: 'answer' }).getAttribute('href')).toBe('/questions/q9/lamp-oil/a9');
    expect(document.title).toBe('Scholar - Badge - Team Lantern');
  });

  it('says so when nobody earned the badge yet', async () => {
    mockFetch({
      'GET /badge': { data: info(great, 'Answer score of 50 or more.') },
      'GET /badge/awards/page': { data: { count: 0, list: [] } },
    });
    renderWithApp(<BadgePage />, { path: '/badges/b2', pattern: '/badges/:badgeId', user: null });
    expect(await screen.findByText('Nobody has earned this badge yet.')).toBeTruthy();
    expect(screen.getByText('Awarded 0 times · Can be earned multiple times')).toBeTruthy();
  });

  it('shows the 404 page for an unknown or inactive badge', async () => {
    const { calls } = mockFetch({ 'GET /badge': { status: 400, reason: 'error.badge.object_not_found', msg: 'Badge object not found' } });
    renderWithApp(<BadgePage />, { path: '/badges/nope', pattern: '/badges/:badgeId', user: null });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    expect(calls.some((c) => c.path === '/badge/awards/page')).toBe(false);
  });
});
