// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { writeLocal } from '../../utils/storage';
import AskPage from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

// what the form asks the server on its own (the answers are beside the point of these tests)
const FORM_ROUTES = { 'GET /permission': { data: null }, 'GET /question/similar': { data: null }, 'POST /post/render': { data: null } };

describe('the ask form', () => {
  it('says what is missing, word for word, before sending anything', async () => {
    const api = mockFetch(FORM_ROUTES);
    renderWithApp(<AskPage />, { path: '/questions/ask' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Post your question' }));
    expect(await screen.findByText('Title cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Body cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Add at least one tag.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x'.repeat(151) } });
    await user.click(screen.getByRole('button', { name: 'Post your question' }));
    expect(await screen.findByText('Title up to 150 characters.')).toBeTruthy();
    expect(api.callsTo('POST /question')).toHaveLength(0);
  });

  it('restores a saved draft and can discard it', async () => {
    mockFetch(FORM_ROUTES);
    writeLocal('question_draft', { title: 'Saved title', content: 'Saved body', tags: [] });
    renderWithApp(<AskPage />, { path: '/questions/ask' });
    expect(screen.getByText('Your unsaved draft was restored.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Saved title');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Discard draft' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Your unsaved draft was restored.')).toBeNull();
  });
});
