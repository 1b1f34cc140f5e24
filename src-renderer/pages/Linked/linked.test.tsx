// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import LinkedQuestionsPage from './LinkedQuestionsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = Math.round(Date.now() / 1000);
const item = {
  id: '102',
  created_at: now,
  title: 'Why does my lantern glass turn black?',
  url_title: 'why-does-my-lantern-glass-turn-black',
  description: 'Soot covers the glass.',
  pin: 1,
  show: 1,
  status: 1,
  tags: [],
  view_count: 1,
  unique_view_count: 1,
  vote_count: 0,
  answer_count: 0,
  collection_count: 0,
  follow_count: 0,
  accepted_answer_id: '0',
  last_answer_id: '0',
  operated_at: now,
  operator: { id: '3', username: 'bob', display_name: 'Bob', avatar: '', rank: 1, status: 'normal' },
  operation_type: 'asked',
};

describe('the linked questions page', () => {
  it('lists the questions linking to one, in the order of the address, with a way back to it', async () => {
    const { calls } = mockFetch({
      'GET /question/link': { data: { count: 1, list: [item] } },
      'GET /question/info': { data: { id: '101', title: 'How do I trim a wick?', url_title: 'how-do-i-trim-a-wick' } },
    });
    renderWithApp(<LinkedQuestionsPage />, { path: '/questions/linked/101?order=score', pattern: '/questions/linked/:qid' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Why does my lantern glass turn black?' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Linked questions' })).toBeTruthy();
    // permalink 1 (the fixture): links carry the slug
    expect((await screen.findByRole('link', { name: 'How do I trim a wick?' })).getAttribute('href')).toBe(
      '/questions/101/how-do-i-trim-a-wick',
    );
    expect(screen.getByRole('link', { name: 'Back to the question' }).getAttribute('href')).toBe('/questions/101/how-do-i-trim-a-wick');
    expect(screen.getByText('1 question')).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/question/link'))!;
    expect(Object.fromEntries(sent.query)).toEqual({ question_id: '101', order: 'score', page: '1', page_size: '20' });
    const orders = screen.getByRole('navigation', { name: 'Sort linked questions' });
    expect(within(orders).getByRole('link', { name: 'Score' }).getAttribute('aria-current')).toBe('page');
    expect(within(orders).getByRole('link', { name: 'Newest' }).getAttribute('href')).toBe('/questions/linked/101');
  });

  it('says when nothing links to the question', async () => {
    mockFetch({
      'GET /question/link': { data: { count: 0, list: [] } },
      'GET /question/info': { data: { id: '101', title: 'How do I trim a wick?', url_title: 'how-do-i-trim-a-wick' } },
    });
    renderWithApp(<LinkedQuestionsPage />, { path: '/questions/linked/101', pattern: '/questions/linked/:qid' });
    expect(await screen.findByText('No question links to this one yet.')).toBeTruthy();
  });
});
