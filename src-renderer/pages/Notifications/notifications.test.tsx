// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from 'msw';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { redDotFixture, renderWithApp } from '../../../tests/support/render';
import { objectHref } from './NotificationEntry';
import NotificationsPage, { routeOf } from './NotificationsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = Math.round(Date.now() / 1000);
const bob = { id: '3', username: 'bob', display_name: 'Bob', avatar: '', rank: 1, status: 'normal' };
const INBOX = [
  {
    id: '11',
    user_info: bob,
    object_info: {
      title: 'How do I trim a wick?',
      object_id: '10020000000000005',
      object_map: { question: '10010000000000001', answer: '10020000000000005', comment: '' },
      object_type: 'answer',
    },
    rank: 0,
    notification_action: 'answered question',
    is_read: false,
    update_time: now - 60,
  },
  {
    id: '10',
    user_info: bob,
    object_info: {
      title: 'Which oil burns cleanest?',
      object_id: '10010000000000002',
      object_map: { question: '10010000000000002', answer: '', comment: '' },
      object_type: 'question',
    },
    rank: 0,
    notification_action: 'upvoted question',
    is_read: true,
    update_time: now - 3600,
  },
];
const PATTERNS = { pattern: '/users/notifications/:type/:subType?' };

/** A server inbox that remembers what was read. */
function mockInbox(initial = INBOX) {
  let list = initial.map((n) => ({ ...n }));
  return mockFetch({
    'GET /notification/page': (c) => ({
      data: {
        count: c.query.get('type') === 'inbox' ? list.length : 0,
        list: c.query.get('type') === 'inbox' ? list : [],
      },
    }),
    'PUT /notification/status': { data: redDotFixture(0) },
    'PUT /notification/read/state': (c) => {
      list = list.map((n) => (n.id === (c.body as { id: string }).id ? { ...n, is_read: true } : n));
      return { data: {} };
    },
    'PUT /notification/read/state/all': () => {
      list = list.map((n) => ({ ...n, is_read: true }));
      return { data: {} };
    },
    'GET /notification/status': { data: redDotFixture(0) },
  });
}

describe('the notification list', () => {
  it('names the pages it knows and gives the 404 page for others', () => {
    expect(routeOf('inbox', undefined)).toEqual({ type: 'inbox', kind: 'all' });
    expect(routeOf('inbox', 'votes')).toEqual({ type: 'inbox', kind: 'votes' });
    expect(routeOf('achievement', undefined)).toEqual({ type: 'achievement', kind: 'all' });
    expect(routeOf('achievement', 'votes')).toBeNull();
    expect(routeOf('inbox', 'likes')).toBeNull();
    expect(routeOf('messages', undefined)).toBeNull();
    mockInbox();
    renderWithApp(<NotificationsPage />, { path: '/users/notifications/messages', ...PATTERNS });
    expect(screen.getByText("Unfortunately, this page doesn't exist.")).toBeTruthy();
  });

  it('links each notification to its object', () => {
    expect(objectHref(INBOX[0].object_info)).toBe('/questions/10010000000000001/10020000000000005');
    expect(objectHref(INBOX[1].object_info)).toBe('/questions/10010000000000002');
    expect(
      objectHref({ title: 't', object_id: '7', object_map: { question: '1', answer: '', comment: '7' }, object_type: 'comment' }),
    ).toBe('/questions/1?commentId=7');
    expect(objectHref({ title: 'lamps', object_id: '5', object_map: { tag: 'lamps' }, object_type: 'tag' })).toBe('/tags/lamps');
    expect(objectHref({ title: 'You earned it', object_id: '9', object_map: { badge_id: '4' }, object_type: 'badge_award' })).toBe(
      '/badges/4',
    );
  });

  it('clears the unread count on opening, marks unread items, and marks one read when it is opened', async () => {
    const { calls } = mockInbox();
    const { queryClient } = renderWithApp(<NotificationsPage />, {
      path: '/users/notifications/inbox',
      ...PATTERNS,
      routes: [{ path: '/questions/*', element: <p>the question</p> }],
    });
    const list = await screen.findByRole('list', { name: 'Notifications list' });
    const items = within(list).getAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(items[0].className).toContain('unread');
    expect(within(items[0]).getByText('Unread')).toBeTruthy();
    expect(items[0].textContent).toContain('Bob answered question How do I trim a wick?');
    expect(items[1].className).not.toContain('unread');
    expect(within(items[1]).queryByText('Unread')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT' && c.path.endsWith('/notification/status'))?.body).toEqual({ type: 'inbox' });
    expect(calls.find((c) => c.method === 'GET' && c.path.endsWith('/notification/page'))?.query.get('inbox_type')).toBe('all');

    await userEvent.setup().click(within(items[0]).getByRole('link', { name: 'How do I trim a wick?' }));
    expect(await screen.findByText('the question')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('/notification/read/state')).map((c) => c.body)).toEqual([{ id: '11' }]),
    );
    // the list in the cache shows it read at once
    const cached = queryClient.getQueriesData<{ list: { id: string; is_read: boolean }[] }>({ queryKey: ['notification', 'page'] });
    expect(cached[0][1]?.list.find((n) => n.id === '11')?.is_read).toBe(true);
    // an item already read is not sent again
    expect(calls.filter((c) => c.path.endsWith('/notification/read/state'))).toHaveLength(1);
  });

  it('marks all as read', async () => {
    const { calls } = mockInbox();
    renderWithApp(<NotificationsPage />, { path: '/users/notifications/inbox/posts', ...PATTERNS });
    const list = await screen.findByRole('list', { name: 'Notifications list' });
    expect(calls.find((c) => c.path.endsWith('/notification/page'))?.query.get('inbox_type')).toBe('posts');
    expect(within(list).getAllByText('Unread')).toHaveLength(1);
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(within(list).queryAllByText('Unread')).toHaveLength(0));
    expect(calls.find((c) => c.path.endsWith('/notification/read/state/all'))?.body).toEqual({ type: 'inbox' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the achievements with the reputation each brought', async () => {
    const calls = mockFetch({
      'GET /notification/page': {
        data: {
          count: 2,
          list: [
            {
              id: '21',
              object_info: {
                title: 'How do I trim a wick?',
                object_id: '1',
                object_map: { question: '1', answer: '', comment: '' },
                object_type: 'question',
              },
              rank: 10,
              is_read: false,
              update_time: now,
            },
            {
              id: '20',
              object_info: {
                title: 'Which oil?',
                object_id: '2',
                object_map: { question: '2', answer: '', comment: '' },
                object_type: 'question',
              },
              rank: -2,
              is_read: true,
              update_time: now,
            },
          ],
        },
      },
      'PUT /notification/status': { data: redDotFixture(0) },
    }).calls;
    renderWithApp(<NotificationsPage />, { path: '/users/notifications/achievement', ...PATTERNS });
    const list = await screen.findByRole('list', { name: 'Notifications list' });
    expect(within(list).getByText('+10')).toBeTruthy();
    expect(within(list).getByText('-2')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ type: 'achievement' });
    expect(screen.queryByRole('navigation', { name: 'Show' })).toBeNull();
  });

  it("does not show the inbox's items while the achievements load (no stale list of another type)", async () => {
    // the achievements never arrive: whatever shows meanwhile is what the page kept
    mockInbox().use(
      http.get('*/notification/page', ({ request }) =>
        new URL(request.url).searchParams.get('type') === 'achievement' ? new Promise<never>(() => {}) : undefined,
      ),
    );
    renderWithApp(<NotificationsPage />, { path: '/users/notifications/inbox', ...PATTERNS });
    const list = await screen.findByRole('list', { name: 'Notifications list' });
    expect(within(list).getByText('How do I trim a wick?')).toBeTruthy();
    await userEvent.click(screen.getByRole('navigation', { name: 'Notification types' }).querySelector('a[href$="/achievement"]')!);
    await waitFor(() => expect(screen.queryByText('How do I trim a wick?')).toBeNull());
    expect(screen.queryByText('0')).toBeNull();
  });

  it('keeps the list on screen while another page of it loads, not another list', async () => {
    const { sameNotificationList } = await import('../../api/notification/notification-query');
    const inbox = { type: 'inbox', inbox_type: 'all', page: 1, page_size: 10 } as const;
    expect(sameNotificationList(inbox, { ...inbox, page: 2 })).toBe(true);
    expect(sameNotificationList(inbox, { ...inbox, inbox_type: 'votes' })).toBe(false);
    expect(sameNotificationList(inbox, { type: 'achievement', inbox_type: undefined, page: 1, page_size: 10 })).toBe(false);
  });

  it('says when the inbox is empty', async () => {
    mockInbox([]);
    renderWithApp(<NotificationsPage />, { path: '/users/notifications/inbox', ...PATTERNS });
    expect(await screen.findByText('No notifications yet.')).toBeTruthy();
  });
});
