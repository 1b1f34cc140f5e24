// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { ShareButton } from './components/ShareButton';
import QuestionDetailPage from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

async function sharedLink(): Promise<string> {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
  return ((await screen.findByDisplayValue(/\/questions\/10010000000000001/)) as HTMLInputElement).value;
}

describe('the share link', () => {
  it('names the member who shares it (?share=<username>), so someone opening it counts as their share', async () => {
    renderWithApp(<ShareButton path="/questions/10010000000000001" />, { path: '/questions/10010000000000001' });
    expect(await sharedLink()).toBe(`${window.location.origin}/questions/10010000000000001?share=grace`);
  });

  it('is the plain link for a visitor not logged in', async () => {
    renderWithApp(<ShareButton path="/questions/10010000000000001" />, { path: '/questions/10010000000000001', user: null });
    expect(await sharedLink()).toBe(`${window.location.origin}/questions/10010000000000001`);
  });
});

describe('opening a question through a share link', () => {
  it('passes the share on to GET question/info, where the server records it', async () => {
    // the question itself is beside the point here: the server says it is gone
    const api = mockFetch({ 'GET /question/info': fail(404, 'question.not_found') });
    renderWithApp(<QuestionDetailPage />, { path: '/questions/10010000000000001?share=ada', pattern: '/questions/:qid', user: null });
    await waitFor(() =>
      expect(api.callsTo('GET /question/info').map((c) => c.query.toString())).toContainEqual('id=10010000000000001&share=ada'),
    );
  });
});
