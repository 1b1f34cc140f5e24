// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { clearToken, setToken } from '../../api/token';
import ShowboardPage, { pinnedOf } from './ShowboardPage';

beforeEach(async () => {
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', role_id: 2 });
const question = (id: string, title: string, pin: number) => ({
  id,
  title,
  url_title: title.toLowerCase().replace(/\W+/g, '-'),
  pin,
  answer_count: 1,
  tags: [],
});
const person = (username: string, display_name: string) => ({ username, display_name, avatar: '', rank: 10, vote_count: 3 });

describe('showboard', () => {
  it('keeps only the pinned questions of a list page', () => {
    const list = [question('1', 'Pinned one', 2), question('2', 'Plain', 1)];
    expect(pinnedOf(list as never).map((q) => q.id)).toEqual(['1']);
  });

  it('shows the pinned and hot questions, the week’s most active members and the staff, each linked', async () => {
    const { calls } = mockFetch(
      {
        'GET /api/v1/question/page': ({ query }) =>
          query.get('order') === 'hot'
            ? { data: { count: 1, list: [question('7', 'Hot lantern wicks', 1)] } }
            : { data: { count: 2, list: [question('5', 'Read this first', 2), question('6', 'An ordinary question', 1)] } },
        'GET /api/v1/user/ranking': {
          data: { users_with_the_most_reputation: [person('ada', 'Ada')], users_with_the_most_vote: [person('bob', 'Bob')], staffs: [] },
        },
        'GET /api/v1/user/staff': { data: [person('root', 'Root')] },
      },
      { base: '/answer' },
    );
    renderWithApp(<ShowboardPage />, { path: '/admin/showboard', user: ADMIN });
    const pinned = await screen.findByRole('region', { name: 'Pinned questions' });
    expect((await within(pinned).findByRole('link', { name: 'Read this first' })).getAttribute('href')).toBe(
      '/questions/5/read-this-first',
    );
    expect(within(pinned).queryByText('An ordinary question')).toBeNull();
    expect(within(pinned).getByRole('link', { name: 'Manage questions' }).getAttribute('href')).toBe('/admin/questions');
    const hot = screen.getByRole('region', { name: 'Hot questions' });
    expect(await within(hot).findByRole('link', { name: 'Hot lantern wicks' })).toBeTruthy();
    expect(
      (await within(screen.getByRole('region', { name: 'Most reputation this week' })).findByRole('link', { name: 'Ada' })).getAttribute(
        'href',
      ),
    ).toBe('/users/ada');
    expect(within(screen.getByRole('region', { name: 'Most votes this week' })).getByRole('link', { name: 'Bob' })).toBeTruthy();
    const staff = screen.getByRole('region', { name: 'Staff' });
    expect((await within(staff).findByRole('link', { name: 'Root' })).getAttribute('href')).toBe('/users/root');
    expect(within(staff).getByRole('link', { name: 'Manage staff' }).getAttribute('href')).toBe('/admin/users?filter=staff');
    expect(calls.some((c) => c.path === '/api/v1/question/page' && c.query.get('order') === 'hot')).toBe(true);
  });

  it('says so when nothing is pinned or hot and nobody ranks', async () => {
    mockFetch(
      {
        'GET /api/v1/question/page': { data: { count: 0, list: [] } },
        'GET /api/v1/user/ranking': { data: { users_with_the_most_reputation: [], users_with_the_most_vote: [], staffs: [] } },
        'GET /api/v1/user/staff': { data: [] },
      },
      { base: '/answer' },
    );
    renderWithApp(<ShowboardPage />, { path: '/admin/showboard', user: ADMIN });
    expect(await screen.findByText('No question is pinned.')).toBeTruthy();
    expect(await screen.findByText('No hot questions yet.')).toBeTruthy();
    expect(await screen.findAllByText('Nobody yet.')).toHaveLength(3);
  });
});
