// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { readLocal, writeLocal } from '../../utils/storage';
import AskPage from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
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

  // local storage outlives versions of the app and is open to anyone at the machine: a draft of another shape
  // once took the page down ("Cannot read properties of undefined (reading 'map')" on a draft without tags)
  it('restores a draft that lacks fields as far as it goes, and drops one of another shape', async () => {
    mockFetch(FORM_ROUTES);
    writeLocal('question_draft', { title: "Bob's question" });
    renderWithApp(<AskPage />, { path: '/questions/ask' });
    expect(screen.getByText('Your unsaved draft was restored.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe("Bob's question");
    cleanup();

    for (const junk of [{ title: 5, content: ['x'], tags: 'lamp' }, 'a string', [1, 2], { tags: [{ name: 'no slug' }] }]) {
      writeLocal('question_draft', junk);
      renderWithApp(<AskPage />, { path: '/questions/ask' });
      expect(screen.getByRole('button', { name: 'Post your question' })).toBeTruthy();
      expect(screen.queryByText('Your unsaved draft was restored.')).toBeNull();
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
      expect(readLocal('question_draft')).toBeNull();
      cleanup();
    }
  });
});
