// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMING } from '../../../server/contract/limits';
import { fail, mockFetch, ok, type Reply } from '../../../tests/support/fetch-mock';
import { redDotFixture, renderWithApp, userFixture } from '../../../tests/support/render';
import { MainLayout } from '../Layouts';
import { capCount } from './counts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const STATUS = 'GET /notification/status';

describe('the header counters', () => {
  it('caps a count at 99+', () => {
    expect(capCount(0)).toBe('0');
    expect(capCount(7)).toBe('7');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
    expect(capCount(12345)).toBe('99+');
  });

  it('polls notification/status every 3 s and shows the unread inbox count, capped at 99+', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [redDotFixture(3, 1), redDotFixture(150, 0)];
    const { calls } = mockFetch({ [STATUS]: () => ok(answers.shift() ?? redDotFixture(150, 0)) });
    renderWithApp(<MainLayout />, { path: '/' });
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('3');
    expect(screen.getByTestId('achievement-count').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy();
    const polls = () => calls.filter((c) => c.path.endsWith('/notification/status')).length;
    expect(polls()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationPollMs);
    });
    expect(polls()).toBe(2);
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Notifications, 150 unread' })).toBeTruthy();
    // nothing new to celebrate: no achievement count
    expect(screen.queryByTestId('achievement-count')).toBeNull();
  });

  it('ignores a failing poll (no 50X page, the count stays) and picks up the next answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: Reply[] = [ok(redDotFixture(2)), fail(500, 'base.server_error', 'boom'), ok(redDotFixture(4))];
    mockFetch({ [STATUS]: () => answers.shift() ?? ok(redDotFixture(4)) });
    renderWithApp(<MainLayout />, { path: '/', routes: [{ path: '/50x', element: <p>server error page</p> }] });
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('2');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationPollMs);
    });
    expect(screen.getByTestId('inbox-count').textContent).toBe('2');
    expect(screen.queryByText('server error page')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationPollMs);
    });
    expect((await screen.findByTestId('inbox-count')).textContent).toBe('4');
  });

  it('does not poll for visitors, who get log in and sign up instead', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({ [STATUS]: ok(redDotFixture(1)) });
    renderWithApp(<MainLayout />, { path: '/', user: null });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(TIMING.notificationPollMs * 2);
    });
    expect(calls).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
  });
});

describe('the account menu and side navigation', () => {
  it('shows a member the profile and settings, but not review or admin', async () => {
    mockFetch({ [STATUS]: ok(redDotFixture(0)) });
    renderWithApp(<MainLayout />, { path: '/' });
    expect(screen.getByTestId('current-user').textContent).toBe('Grace');
    expect(screen.getByRole('button', { name: 'Log out' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Grace/ }));
    const menu = screen.getByRole('list', { hidden: false });
    expect(within(menu).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/users/grace');
    expect(within(menu).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/users/settings/profile');
    expect(within(menu).queryByRole('link', { name: 'Review' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Admin' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.trim()),
    ).toEqual(['Questions', 'Tags', 'Users', 'Badges']);
    expect(within(nav).getByRole('link', { name: 'Questions' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows an admin review (with its count) and admin; Escape closes the menu', async () => {
    mockFetch({ [STATUS]: ok(redDotFixture(0, 0, 4)) });
    renderWithApp(<MainLayout />, { path: '/tags', user: userFixture({ role_id: 2, username: 'admin', display_name: 'Ada' }) });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /Ada/ });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(button.getAttribute('aria-controls') ?? '')!;
    expect(within(menu).getByRole('link', { name: 'Review' }).getAttribute('href')).toBe('/review');
    expect(within(menu).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByText('4 to review')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Tags' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the side navigation from the menu button (the phone layout) and closes it on Escape', async () => {
    mockFetch({ [STATUS]: ok(redDotFixture(0)) });
    renderWithApp(<MainLayout />, { path: '/' });
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(toggle.getAttribute('aria-controls')).toBe(nav.id);
    expect(nav.className).not.toContain('open');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(nav.className).toContain('open');
    await user.keyboard('{Escape}');
    expect(nav.className).not.toContain('open');
    expect(document.activeElement).toBe(toggle);
  });
});
