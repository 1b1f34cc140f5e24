// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { clearToken, setToken } from '../../api/token';
import BadgesPage from './BadgesPage';
import DashboardPage, { uptime } from './DashboardPage';
import { AnswersPage, postChanges, QuestionsPage } from './PostsPage';

beforeEach(async () => {
  // the dashboard's chart draws on a canvas, which happy-dom does not have: no context, and Chart.js says so
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const error = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).startsWith("Failed to create chart: can't acquire context")) error(...args);
  });
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', role_id: 2 });
const author = { id: '3', username: 'ada', display_name: 'Ada', avatar: '', rank: 1, status: 'normal' };

describe('questions and answers', () => {
  it('offers the status changes of each list', () => {
    expect(postChanges('question', 'normal')).toEqual(['close', 'delete']);
    expect(postChanges('question', 'closed')).toEqual(['reopen', 'delete']);
    expect(postChanges('question', 'deleted')).toEqual(['undelete']);
    expect(postChanges('question', 'pending')).toEqual(['approve', 'reject']);
    expect(postChanges('answer', 'normal')).toEqual(['delete']);
  });

  it('lists questions by status with links, searches, and closes one after confirming', async () => {
    const { calls } = mockFetch(
      {
        'PUT /admin/api/question/status': ok(),
        'GET /admin/api/question/page': {
          data: {
            count: 1,
            list: [
              {
                id: '101',
                title: 'How to light a lantern?',
                vote_count: 2,
                answer_count: 1,
                create_time: 1_760_000_000,
                user_info: author,
              },
            ],
          },
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<QuestionsPage />, { path: '/admin/questions', user: ADMIN });
    const user = userEvent.setup();
    const link = await screen.findByRole('link', { name: 'How to light a lantern?' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/questions/101');
    expect(calls.find((c) => c.path === '/admin/api/question/page')?.query.get('status')).toBe('normal');
    await user.click(screen.getByRole('button', { name: 'Close: How to light a lantern?' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Close “How to light a lantern?”?')).toBeTruthy();
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/question/status')?.body).toEqual({ question_id: '101', status: 'closed' });
    // typing starts once the dialog has gone (when its closing ends, it gives the focus back to the row's
    // Close button: keys typed before that went to the button) and the list's reload after the close is done
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/admin/api/question/page').length).toBeGreaterThanOrEqual(2), {
      timeout: 5000,
    });
    await screen.findByRole('link', { name: 'How to light a lantern?' }, { timeout: 5000 });
    await user.type(screen.getByRole('searchbox', { name: 'Search questions by title or id' }), 'lantern{enter}');
    await vi.waitFor(
      () => expect(calls.some((c) => c.path === '/admin/api/question/page' && c.query.get('query') === 'lantern')).toBe(true),
      { timeout: 5000 },
    );
  });

  it('approves a pending answer at once and links to it', async () => {
    const { calls } = mockFetch(
      {
        'PUT /admin/api/answer/status': ok(),
        'GET /admin/api/answer/page': {
          data: {
            count: 1,
            list: [
              {
                id: '201',
                question_id: '101',
                description: 'Use a match.',
                vote_count: 0,
                create_time: 1_760_000_000,
                user_info: author,
                question_info: { title: 'How to light a lantern?' },
              },
            ],
          },
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<AnswersPage />, { path: '/admin/answers?status=pending', pattern: '/admin/answers', user: ADMIN });
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: 'How to light a lantern?' })).getAttribute('href')).toBe('/questions/101/answer/201');
    expect(screen.getByText('Use a match.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve: How to light a lantern?' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/answer/status')?.body).toEqual({ answer_id: '201', status: 'available' });
  });
});

describe('badges', () => {
  it('switches a badge inactive', async () => {
    const { calls } = mockFetch(
      {
        'PUT /admin/api/badge/status': ok(),
        'GET /admin/api/badges': {
          data: {
            count: 1,
            list: [
              {
                id: '1',
                name: 'Autobiographer',
                description: 'Completed the profile.',
                icon: 'person',
                award_count: 4,
                earned: false,
                level: 1,
                group_name: 'Community',
                status: 'active',
              },
            ],
          },
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<BadgesPage />, { path: '/admin/badges', user: ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /Autobiographer/ }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/badge/status')?.body).toEqual({ id: '1', status: 'inactive' });
  });
});

describe('dashboard', () => {
  it('shows the figures, the activity totals and the server health', async () => {
    mockFetch(
      {
        'GET /admin/api/dashboard': {
          data: {
            info: {
              question_count: 5,
              resolved_count: 1,
              resolved_rate: '20.00',
              unanswered_count: 2,
              unanswered_rate: '40.00',
              answer_count: 7,
              comment_count: 3,
              vote_count: 9,
              user_count: 4,
              report_count: 0,
              smtp: 'not_configured',
              https: false,
              time_zone: 'UTC',
              login_required: false,
              app_start_time: '3700',
              go_version: 'Node.js 22',
              database_version: 'SQLite 3.50',
              database_size: '1.00MB',
              version_info: { version: '1.5.1', revision: 'x', remote_version: '' },
            },
          },
        },
        'GET /admin/api/dashboard/activity': {
          data: {
            time_zone: 'UTC',
            days: [
              { date: '2026-11-24', questions: 2, answers: 3, users: 1 },
              { date: '2026-11-25', questions: 1, answers: 0, users: 0 },
            ],
            health: {
              database_size: '1.00MB',
              database_bytes: 1048576,
              uploads_size: '0.00B',
              uploads_bytes: 0,
              version: '1.5.1',
              revision: 'x',
              last_backup_at: null,
            },
          },
        },
        'GET /admin/api/exports/schedule': {
          data: {
            schedule: { enabled: false, folder: '', time: '03:30', kinds: { archive: true, backup: false, se: false } },
            running: false,
            next_run_at: null,
            last_run: null,
          },
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<DashboardPage />, { path: '/admin/dashboard', user: ADMIN });
    expect(await screen.findByText('Over the last 30 days: 3 questions, 3 answers and 1 new users.')).toBeTruthy();
    expect(screen.getByText('1 (20.00%)')).toBeTruthy();
    expect(screen.getByText('No backup yet')).toBeTruthy();
    expect(await screen.findByText('The exports have not run yet.')).toBeTruthy();
    expect(screen.getAllByText('1.00MB').length).toBeGreaterThan(0);
    expect(uptime(3700)).toBe('1h 1m');
    expect(uptime(90061)).toBe('1d 1h 1m');
  });
});
