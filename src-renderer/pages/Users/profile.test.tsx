// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { EMPTY_PAGE, profileFixture } from './fixtures';
import UserProfilePage from './UserProfilePage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NOT_FOUND = "Unfortunately, this page doesn't exist.";
const PATTERN = '/users/:username/:tabName?';

/** The usual answers for Ada's profile; override per test. */
function adaApi(over: Record<string, Route> = {}) {
  return mockFetch({
    'GET /personal/user/info': { data: profileFixture() },
    'GET /personal/qa/top': { data: { question: [], answer: [] } },
    'GET /badge/user/awards': {
      data: {
        count: 2,
        list: [
          { id: 'b1', name: 'Scholar', icon: 'check-circle-fill', level: 1, earned_count: 1 },
          { id: 'b2', name: 'Great Answer', icon: 'chat-square-text-fill', level: 3, earned_count: 2 },
        ],
      },
    },
    'GET /badge/user/awards/recent': { data: { count: 0, list: [] } },
    ...over,
  });
}

const tabNames = () =>
  within(screen.getByRole('navigation', { name: 'Profile sections' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('a user profile', () => {
  it('shows a visitor the header and the public tabs only, without the edit link', async () => {
    adaApi();
    renderWithApp(<UserProfilePage />, { path: '/users/ada', pattern: PATTERN, user: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('@ada')).toBeTruthy();
    expect(screen.getByText('programs').tagName).toBe('EM');
    expect(screen.getByText('London')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada.example.com' }).getAttribute('href')).toBe('http://ada.example.com');
    expect(tabNames()).toEqual(['Overview', 'Answers', 'Questions', 'Comments', 'Reputation', 'Badges']);
    expect(screen.queryByRole('link', { name: /Edit profile/ })).toBeNull();
    // badge totals: each award counted, by level
    expect(await screen.findByText('2 gold badges')).toBeTruthy();
    expect(screen.getByText('0 silver badges')).toBeTruthy();
    expect(screen.getByText('1 bronze badge')).toBeTruthy();
    expect(document.title).toBe('Ada Lovelace (ada) - Team Lantern');
  });

  it('shows the owner the bookmarks and votes tabs and the edit-profile link', async () => {
    adaApi();
    renderWithApp(<UserProfilePage />, {
      path: '/users/ada',
      pattern: PATTERN,
      user: userFixture({ username: 'ada', display_name: 'Ada Lovelace' }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(tabNames()).toEqual(['Overview', 'Answers', 'Questions', 'Bookmarks', 'Comments', 'Reputation', 'Votes', 'Badges']);
    expect(screen.getByRole('link', { name: /Edit profile/ }).getAttribute('href')).toBe('/users/settings/profile');
  });

  it.each([
    ['a visitor', null],
    ['another member', userFixture()],
    ['a moderator', userFixture({ role_id: 3 })],
    ['an admin', userFixture({ role_id: 2 })],
  ])("shows %s the 404 page at another user's votes and bookmarks, without asking for them", async (_who, user) => {
    for (const tab of ['votes', 'bookmarks']) {
      const { calls } = adaApi();
      renderWithApp(<UserProfilePage />, { path: `/users/ada/${tab}`, pattern: PATTERN, user });
      expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to homepage' })).toBeTruthy();
      expect(calls.filter((c) => c.path.startsWith('/personal/'))).toEqual([]);
      cleanup();
      vi.restoreAllMocks();
    }
  });

  it('shows the 404 page for an unknown user and for an unknown tab', async () => {
    mockFetch({ 'GET /personal/user/info': { status: 404, reason: 'error.user.not_found', msg: 'User not found.' } });
    renderWithApp(<UserProfilePage />, { path: '/users/nobody', pattern: PATTERN, user: null });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    adaApi();
    renderWithApp(<UserProfilePage />, { path: '/users/ada/nonsense', pattern: PATTERN, user: null });
    expect(await screen.findByText(NOT_FOUND)).toBeTruthy();
  });

  it('says so when the overview has nothing to show', async () => {
    adaApi();
    renderWithApp(<UserProfilePage />, { path: '/users/ada', pattern: PATTERN, user: null });
    expect(await screen.findByText('No answers yet.')).toBeTruthy();
    expect(screen.getByText('No questions yet.')).toBeTruthy();
    expect(await screen.findByText('No badges yet.')).toBeTruthy();
  });

  it.each([
    ['answers', '/personal/answer/page', 'No answers found.'],
    ['questions', '/personal/question/page', 'No questions found.'],
    ['comments', '/personal/comment/page', 'No comments found.'],
    ['reputation', '/personal/rank/page', 'No reputation changes yet.'],
  ])('shows the empty state of the %s tab', async (tab, path, message) => {
    const { calls } = adaApi({ [`GET ${path}`]: EMPTY_PAGE });
    renderWithApp(<UserProfilePage />, { path: `/users/ada/${tab}`, pattern: PATTERN, user: null });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls.some((c) => c.path === path && c.query.get('username') === 'ada')).toBe(true);
  });

  it('shows the owner the empty states of the bookmarks, votes and badges tabs', async () => {
    const owner = userFixture({ username: 'ada', display_name: 'Ada Lovelace' });
    for (const [tab, message] of [
      ['bookmarks', 'No bookmarks yet. Bookmark a question to find it here again.'],
      ['votes', 'No votes cast yet.'],
    ] as const) {
      adaApi({ 'GET /personal/collection/page': EMPTY_PAGE, 'GET /personal/vote/page': EMPTY_PAGE });
      renderWithApp(<UserProfilePage />, { path: `/users/ada/${tab}`, pattern: PATTERN, user: owner });
      expect(await screen.findByText(message)).toBeTruthy();
      cleanup();
      vi.restoreAllMocks();
    }
    adaApi({ 'GET /badge/user/awards': { data: { count: 0, list: [] } } });
    renderWithApp(<UserProfilePage />, { path: '/users/ada/badges', pattern: PATTERN, user: owner });
    expect(await screen.findByText('No badges earned yet.')).toBeTruthy();
  });

  it('lists answers with the accepted mark, and pages a long list', async () => {
    const answer = {
      answer_id: 'a1',
      question_id: 'q1',
      accepted: 2,
      vote_count: 5,
      create_time: 1_700_000_000,
      update_time: 0,
      question_info: { title: 'Why is the wick black?', url_title: 'why-is-the-wick-black', tags: [] },
    };
    adaApi({ 'GET /personal/answer/page': { data: { count: 45, list: [answer] } } });
    renderWithApp(<UserProfilePage />, { path: '/users/ada/answers?page=2', pattern: PATTERN, user: null });
    expect(await screen.findByRole('heading', { name: '45 answers' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Why is the wick black?' });
    expect(link.getAttribute('href')).toBe('/questions/q1/why-is-the-wick-black/a1');
    expect(screen.getByText('Accepted')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByText('2').getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/users/ada/answers');
  });

  it('shows a suspended or deleted user as the reference does', async () => {
    adaApi({
      'GET /personal/user/info': {
        data: profileFixture({
          status: 'suspended',
          status_msg: "<strong>This user was suspended.</strong> This user doesn't meet a community guideline.",
        }),
      },
    });
    renderWithApp(<UserProfilePage />, { path: '/users/ada', pattern: PATTERN, user: null });
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain("This user was suspended. This user doesn't meet a community guideline.");
    expect(screen.getByText('Suspended')).toBeTruthy();
    cleanup();
    vi.restoreAllMocks();
    adaApi({
      'GET /personal/user/info': {
        data: profileFixture({
          status: 'deleted',
          display_name: 'user7',
          bio: '',
          bio_html: '',
          website: '',
          location: '',
          status_msg: 'This user was deleted.',
        }),
      },
    });
    renderWithApp(<UserProfilePage />, { path: '/users/ada', pattern: PATTERN, user: null });
    expect((await screen.findByRole('note')).textContent).toContain('This user was deleted.');
    expect(screen.getByRole('heading', { level: 1, name: 'user7' })).toBeTruthy();
    expect(screen.getByText('Deleted')).toBeTruthy();
  });
});
