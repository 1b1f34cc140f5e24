// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import UsersPage from './UsersPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const user = (username: string, display_name: string, rank: number, vote_count = 0) => ({
  username,
  display_name,
  avatar: '',
  rank,
  vote_count,
});

describe('the users page', () => {
  it("lists the week's top users by reputation and by votes, and the staff, each linking to a profile", async () => {
    const { calls } = mockFetch({
      'GET /user/ranking': {
        data: {
          users_with_the_most_reputation: [user('ada', 'Ada', 120)],
          users_with_the_most_vote: [user('bob', 'Bob', 5, 7)],
          staffs: [user('mia', 'Mia', 33)],
        },
      },
      'GET /user/staff': { data: [{ username: 'mia', display_name: 'Mia', avatar: '' }] },
    });
    renderWithApp(<UsersPage />, { path: '/users', user: null });
    const rep = await screen.findByRole('region', { name: 'Users with the highest reputation scores this week' });
    expect(within(rep).getByRole('link', { name: 'Ada' }).getAttribute('href')).toBe('/users/ada');
    expect(within(rep).getByText('120 reputation')).toBeTruthy();
    const votes = screen.getByRole('region', { name: 'Users who voted the most this week' });
    expect(within(votes).getByText('7 votes')).toBeTruthy();
    const staff = await screen.findByRole('region', { name: 'Our community staff' });
    expect(within(staff).getByRole('link', { name: 'Mia' }).getAttribute('href')).toBe('/users/mia');
    expect(within(staff).getByText('33 reputation')).toBeTruthy();
    expect(calls.map((c) => `${c.path}?${c.query.toString()}`)).toContain('/user/staff?page_size=10');
    expect(document.title).toBe('Users - Team Lantern');
  });

  it('says so when nobody is ranked this week and there is no staff', async () => {
    mockFetch({
      'GET /user/ranking': { data: { users_with_the_most_reputation: [], users_with_the_most_vote: [], staffs: [] } },
      'GET /user/staff': { data: [] },
    });
    renderWithApp(<UsersPage />, { path: '/users', user: null });
    expect(await screen.findByText('Nobody has earned reputation this week yet.')).toBeTruthy();
    expect(screen.getByText('Nobody has voted this week yet.')).toBeTruthy();
    expect(await screen.findByText('No moderators or admins yet.')).toBeTruthy();
  });
});
