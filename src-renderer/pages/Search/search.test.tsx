// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import SearchPage, { cachedPagePath, tagOnly } from './SearchPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = Math.round(Date.now() / 1000);
const author = { id: '3', username: 'bob', display_name: 'Bob', rank: 5, status: 'normal' };
const lanterns = { slug_name: 'lanterns', display_name: 'lanterns', recommend: false, reserved: false };
const RESULTS = {
  count: 2,
  list: [
    {
      object_type: 'question',
      object: {
        id: '101',
        question_id: '101',
        title: 'How do I trim a wick?',
        url_title: 'how-do-i-trim-a-wick',
        excerpt: 'Trim the wick flat...',
        created_at: now,
        user_info: author,
        tags: [lanterns],
        vote_count: 3,
        answer_count: 1,
        accepted: true,
        status: 'available',
      },
    },
    {
      object_type: 'answer',
      object: {
        id: '205',
        question_id: '102',
        title: 'Which oil burns cleanest?',
        url_title: 'which-oil-burns-cleanest',
        excerpt: '...paraffin oil burns clean',
        created_at: now,
        user_info: author,
        tags: [lanterns],
        vote_count: 1,
        answer_count: 0,
        accepted: false,
        status: 'available',
      },
    },
  ],
};

describe('the search page', () => {
  it('shows the search syntax tips, word for word', () => {
    mockFetch({});
    renderWithApp(<SearchPage />, { path: '/search', pattern: '/search' });
    const tips = screen.getByRole('complementary', { name: 'Search tips' });
    const pairs = within(tips)
      .getAllByRole('term')
      .map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent}`);
    expect(pairs).toEqual([
      '[tag] search within a tag',
      'user:username search by author',
      'score:3 posts with a 3+ score',
      'answers:0 unanswered questions',
      'is:question search questions only',
      'is:answer search answers only',
      '"words here" exact phrase',
    ]);
    expect(screen.getByText('Type what you are looking for, or use the search tips.')).toBeTruthy();
  });

  it('lists questions and answers with their counts, orders and links', async () => {
    const calls = mockFetch({ 'GET /search': { data: RESULTS } }).calls;
    renderWithApp(<SearchPage />, { path: '/search?q=wick%20oil', pattern: '/search' });
    const list = await screen.findByRole('list', { name: 'Search results list' });
    const items = within(list).getAllByTestId('search-result');
    expect(items).toHaveLength(2);
    expect(screen.getByText('2 results')).toBeTruthy();
    expect(screen.getByText('Results for “wick oil”')).toBeTruthy();
    // permalink 1: links carry the slug; an answer links to its place in the question
    expect(within(items[0]).getByRole('link', { name: 'How do I trim a wick?' }).getAttribute('href')).toBe(
      '/questions/101/how-do-i-trim-a-wick',
    );
    expect(within(items[1]).getByRole('link', { name: 'Which oil burns cleanest?' }).getAttribute('href')).toBe(
      '/questions/102/which-oil-burns-cleanest/205',
    );
    expect(within(items[0]).getByText('Question:')).toBeTruthy();
    expect(within(items[1]).getByText('Answer:')).toBeTruthy();
    expect(within(items[0]).getByText('3 votes')).toBeTruthy();
    expect(within(items[0]).getByText(/1 answer/)).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith('/search'))!;
    expect(Object.fromEntries(sent.query)).toEqual({ q: 'wick oil', order: 'active', page: '1', size: '20' });
    const orders = screen.getByRole('navigation', { name: 'Sort results' });
    expect(
      within(orders)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Active', 'Newest', 'Relevance', 'Score']);
    expect(within(orders).getByRole('link', { name: 'Score' }).getAttribute('href')).toBe('/search?q=wick+oil&order=score');
  });

  it('says when nothing matches', async () => {
    mockFetch({ 'GET /search': { data: { count: 0, list: [] } } });
    renderWithApp(<SearchPage />, { path: '/search?q=zzz', pattern: '/search' });
    expect(await screen.findByText("We couldn't find anything. Try different or less specific keywords.")).toBeTruthy();
  });

  it('shows the tag of a tag-only search with a link to it', async () => {
    const calls = mockFetch({
      'GET /search': { data: RESULTS },
      'GET /tag': {
        data: {
          tag_id: '1',
          slug_name: 'lanterns',
          display_name: 'Lanterns',
          excerpt: 'Oil, gas and electric lanterns.',
          description: '',
          question_count: 2,
          follow_count: 0,
          main_tag_slug_name: '',
          status: 'available',
        },
      },
    }).calls;
    renderWithApp(<SearchPage />, { path: '/search?q=%5Blanterns%5D', pattern: '/search' });
    expect((await screen.findByRole('link', { name: 'Lanterns' })).getAttribute('href')).toBe('/tags/lanterns');
    expect(screen.getByRole('link', { name: 'Questions tagged [lanterns]' }).getAttribute('href')).toBe('/tags/lanterns');
    expect(screen.getByText('Oil, gas and electric lanterns.')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/tag'))?.query.get('name')).toBe('lanterns');
    expect(tagOnly(' [Lanterns] ')).toBe('lanterns');
    expect(tagOnly('[lanterns] wick')).toBeNull();
  });

  it('sends a cached search-engine address to the page it cached', async () => {
    expect(cachedPagePath('cache:abc123:https://example.com/questions/42?x=1')).toBe('/questions/42?x=1');
    expect(cachedPagePath('lanterns')).toBeNull();
    mockFetch({});
    renderWithApp(<SearchPage />, {
      path: '/search?q=cache%3Aabc%3Ahttp%3A%2F%2Fexample.com%2Fquestions%2F42',
      pattern: '/search',
      routes: [{ path: '/questions/:id', element: <p>question 42</p> }],
    });
    expect(await screen.findByText('question 42')).toBeTruthy();
  });

  it('asks for a captcha when the server wants one and searches again with it', async () => {
    let asked = 0;
    const calls = mockFetch({
      'GET /search': (c) => {
        asked++;
        if (c.query.get('captcha_code') === 'ab12') return { data: RESULTS };
        return fail(400, 'error.object.captcha_verification_failed', 'Captcha verification failed.', [
          { error_field: 'captcha_code', error_msg: 'Captcha verification failed.' },
        ]);
      },
      'GET /user/action/record': { data: { captcha_id: 'c1', captcha_img: 'data:image/png;base64,AAAA', verify: true } },
    }).calls;
    renderWithApp(<SearchPage />, { path: '/search?q=wick', pattern: '/search' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Captcha code cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Captcha code'), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('list', { name: 'Search results list' })).toBeTruthy();
    const last = calls.filter((c) => c.path.endsWith('/search')).at(-1)!;
    expect(last.query.get('captcha_id')).toBe('c1');
    expect(last.query.get('captcha_code')).toBe('ab12');
    await waitFor(() => expect(asked).toBe(2));
  });
});
