// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../tests/support/render';
import { writeLocal } from '../../utils/storage';
import AskPage from './index';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the ask form', () => {
  it('says what is missing, word for word, before sending anything', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderWithApp(<AskPage />, { path: '/questions/ask' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Post your question' }));
    expect(await screen.findByText('Title cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Body cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Add at least one tag.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'x'.repeat(151) } });
    await user.click(screen.getByRole('button', { name: 'Post your question' }));
    expect(await screen.findByText('Title up to 150 characters.')).toBeTruthy();
    expect(fetch.mock.calls.some(([u]) => String(u).endsWith('/answer/api/v1/question'))).toBe(false);
  });

  it('restores a saved draft and can discard it', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify({ code: 200, data: null }), { status: 200 }));
    writeLocal('question_draft', { title: 'Saved title', content: 'Saved body', tags: [] });
    renderWithApp(<AskPage />, { path: '/questions/ask' });
    expect(screen.getByText('Your unsaved draft was restored.')).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Saved title');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Discard draft' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Your unsaved draft was restored.')).toBeNull();
  });
});
