// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail, mockFetch, ok } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import type { ExportScheduleOverview } from '../../../api/export-schedule/types';
import { clearToken, setToken } from '../../../api/token';
import { ExportStatusCard } from './ExportStatusCard';
import { ScheduledExports } from './ScheduledExports';

beforeEach(async () => {
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', role_id: 2 });
const overview = (o: Partial<ExportScheduleOverview> = {}): ExportScheduleOverview => ({
  schedule: { enabled: true, folder: '/srv/archive', time: '03:30', kinds: { archive: true, backup: true, se: false } },
  running: false,
  next_run_at: 1_800_000_000,
  last_run: {
    started_at: 1_799_990_000,
    finished_at: 1_799_990_004,
    duration_ms: 4200,
    trigger: 'schedule',
    ok: false,
    error: 'Lantern cannot write into this folder (EACCES).',
    folder: '/srv/archive',
    steps: [
      { kind: 'archive', ok: true, path: 'site', counts: { pages_written: 12, pages_unchanged: 30, questions: 40 }, error: null },
      { kind: 'backup', ok: false, path: '', counts: {}, error: 'Lantern cannot write into this folder (EACCES).' },
    ],
  },
  ...o,
});

describe('scheduled exports', () => {
  it('shows the settings and the last run, what it wrote and what failed', async () => {
    mockFetch({ 'GET /admin/api/exports/schedule': ok(overview()) }, { base: '/answer' });
    renderWithApp(<ScheduledExports />, { path: '/admin/backups', user: ADMIN });
    expect(((await screen.findByLabelText('Folder')) as HTMLInputElement).value).toBe('/srv/archive');
    expect((screen.getByLabelText('At (time of day)') as HTMLInputElement).value).toBe('03:30');
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('Static archive: site')).toBeTruthy();
    expect(screen.getByText('(12 pages written, 30 unchanged, 40 questions)')).toBeTruthy();
    expect(screen.getByText('Backup: Lantern cannot write into this folder (EACCES).')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Lantern cannot write into this folder (EACCES).');
  });

  it('sends the settings and shows the server’s refusal on the folder field', async () => {
    const { calls } = mockFetch(
      {
        'GET /admin/api/exports/schedule': ok(overview({ last_run: null })),
        'PUT /admin/api/exports/schedule': fail(400, 'error.export.folder_not_absolute', 'x', [
          { error_field: 'folder', error_msg: 'Give the folder as an absolute path.' },
        ]),
      },
      { base: '/answer' },
    );
    renderWithApp(<ScheduledExports />, { path: '/admin/backups', user: ADMIN });
    const folder = await screen.findByLabelText('Folder');
    await userEvent.clear(folder);
    await userEvent.type(folder, 'relative/dir');
    await userEvent.click(screen.getByLabelText('Stack Exchange export'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the folder as an absolute path.');
    expect(folder.getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      enabled: true,
      folder: 'relative/dir',
      time: '03:30',
      kinds: { archive: true, backup: true, se: true },
    });
  });

  it('runs now and follows the run until it is recorded', async () => {
    let state: 'idle' | 'running' | 'done' = 'idle';
    const recorded = { ...overview().last_run!, ok: true, error: null, steps: [] };
    const { calls } = mockFetch(
      {
        'GET /admin/api/exports/schedule': () =>
          ok(overview({ running: state === 'running', last_run: state === 'done' ? recorded : null })),
        'POST /admin/api/exports/run': () => {
          state = 'running';
          return ok(overview({ running: true, last_run: null }));
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<ScheduledExports />, { path: '/admin/backups', user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByRole('button', { name: 'Running…' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // the page asks again while the run goes on, and shows the run once it is recorded
    expect(screen.queryByText('Written')).toBeNull();
    state = 'done';
    expect(await screen.findByText('Written', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run now' })).toHaveProperty('disabled', false);
  });
});

describe('the dashboard card', () => {
  it('shows the last run and links to the settings', async () => {
    mockFetch({ 'GET /admin/api/exports/schedule': ok(overview()) }, { base: '/answer' });
    renderWithApp(<ExportStatusCard />, { path: '/admin/dashboard', user: ADMIN });
    const card = within((await screen.findByRole('heading', { name: 'Scheduled exports' })).closest('section')!);
    expect(card.getByText('Failed')).toBeTruthy();
    expect(card.getByText(/^Next run: /)).toBeTruthy();
    expect(card.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/backups');
  });
});
