// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../../tests/support/render';
import { clearToken, setToken } from '../../../api/token';
import type { ImportCounts, ImportReport } from '../../../api/import/types';
import ImportPage from './ImportPage';

beforeEach(async () => {
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', role_id: 2 });
const counts = (rows: number, imported: number, existing: number, skipped: number, reasons: Record<string, number> = {}): ImportCounts => ({
  rows,
  imported,
  existing,
  skipped,
  reasons,
});
const base: ImportReport = {
  site: 'gears.example.org',
  files: ['Users.xml', 'Posts.xml'],
  users: counts(3, 3, 0, 0),
  questions: counts(4, 4, 0, 0),
  answers: counts(1, 1, 0, 0),
  comments: counts(0, 0, 0, 0),
  placeholderUsers: 0,
  tagsCreated: 1,
  acceptedAnswers: 0,
  errors: [],
  seconds: 1.5,
};
const done = (report: ImportReport) => ({
  state: 'done',
  site: report.site,
  files: report.files,
  ignored: [],
  step: 'hot scores',
  rows: 0,
  percent: 100,
  started_at: 1,
  finished_at: 2,
  report,
  error: '',
});

async function summaryRows() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => [
      within(r).getByRole('rowheader').textContent,
      ...within(r)
        .getAllByRole('cell')
        .map((c) => Number(c.textContent)),
    ]);
}

describe('the import summary', () => {
  it('has a row for each file kind the dump had: badges, post links, votes, history, uploads, with their reasons and totals', async () => {
    const report: ImportReport = {
      ...base,
      files: [...base.files, 'Badges.xml', 'PostLinks.xml', 'Votes.xml', 'PostHistory.xml'],
      badges: counts(8, 3, 0, 5, { 'no such badge here: Yearling': 1 }),
      postLinks: counts(6, 3, 0, 3),
      duplicatesClosed: 1,
      votes: { ...counts(10, 3, 0, 5), votes: 2, bookmarks: 1, inScore: 2 },
      history: counts(12, 8, 0, 4),
      revisions: 5,
      uploads: counts(3, 1, 1, 1, { 'not in the dump': 1 }),
    };
    mockFetch({ 'GET /admin/api/import/stackexchange': { data: done(report) } }, { base: '/answer' });
    renderWithApp(<ImportPage />, { path: '/admin/import', user: ADMIN });
    expect(await summaryRows()).toEqual([
      ['Users', 3, 3, 0, 0],
      ['Questions', 4, 4, 0, 0],
      ['Answers', 1, 1, 0, 0],
      ['Comments', 0, 0, 0, 0],
      ['Badge awards', 8, 3, 0, 5],
      ['Post links', 6, 3, 0, 3],
      ['Votes', 10, 3, 0, 5],
      ['Post history', 12, 8, 0, 4],
      ['Uploaded files', 3, 1, 1, 1],
    ]);
    expect(
      screen.getByText(
        'Member votes: 2. Bookmarks: 1. Votes kept in the scores: 2. Questions closed as duplicates: 1. Revisions from the history: 5.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Badge awards: no such badge here: Yearling (1)')).toBeTruthy();
    expect(screen.getByText('Uploaded files: not in the dump (1)')).toBeTruthy();
  });

  it('leaves out the kinds whose file the dump did not have (and reports without them)', async () => {
    mockFetch(
      {
        'GET /admin/api/import/stackexchange': {
          data: done({ ...base, badges: counts(0, 0, 0, 0), votes: { ...counts(0, 0, 0, 0), votes: 0, bookmarks: 0, inScore: 0 } }),
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<ImportPage />, { path: '/admin/import', user: ADMIN });
    expect((await summaryRows()).map((r) => r[0])).toEqual(['Users', 'Questions', 'Answers', 'Comments']);
    expect(screen.queryByText(/Member votes/)).toBeNull();
  });

  it('a dump with badges but no votes, links or history shows the badge row without the vote totals', async () => {
    mockFetch(
      {
        'GET /admin/api/import/stackexchange': {
          data: done({
            ...base,
            files: [...base.files, 'Badges.xml'],
            badges: counts(5, 4, 0, 1),
            votes: { ...counts(0, 0, 0, 0), votes: 0, bookmarks: 0, inScore: 0 },
          }),
        },
      },
      { base: '/answer' },
    );
    renderWithApp(<ImportPage />, { path: '/admin/import', user: ADMIN });
    expect((await summaryRows()).map((r) => r[0])).toEqual(['Users', 'Questions', 'Answers', 'Comments', 'Badge awards']);
    expect(screen.queryByText(/Member votes/)).toBeNull();
  });
});
