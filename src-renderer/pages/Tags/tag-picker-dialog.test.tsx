// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type FetchCall } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import type { TagInput } from '../../api/question/types';
import { TagPicker } from '../Ask/components/TagPicker';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness() {
  const [tags, setTags] = useState<TagInput[]>([]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        throw new Error('the question form must not be submitted by the dialog');
      }}
    >
      <TagPicker id="tags" label="Tags" value={tags} onChange={setTags} hint="Add tags." />
    </form>
  );
}

// the server knows one tag, found by the text it starts with (nothing for other texts)
const search = {
  'GET /question/tags': (call: FetchCall) => ({
    data: call.query.get('tag')?.startsWith('lant')
      ? [{ tag_id: '1', slug_name: 'lanterns', display_name: 'lanterns', recommend: false, reserved: false }]
      : null,
  }),
};
const permission = (ok: boolean) => ({
  'GET /permission': {
    data: { 'tag.add': { has_permission: ok, no_permission_tip: ok ? '' : 'You need at least 750 reputation to do this.' } },
  },
});

describe('the tag picker with the create-tag dialog', () => {
  it('offers "Create tag … with a description" for an unknown name, checks the dialog like the create page, and chooses the created tag', async () => {
    const sent = mockFetch({ ...search, ...permission(true), 'POST /tag': { data: { slug_name: 'wicks' } } }).calls;
    renderWithApp(<Harness />, { path: '/questions/ask', user: userFixture({ rank: 800 }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tags'), 'Wicks');
    const option = await screen.findByRole('option', { name: 'Create tag “Wicks” with a description…' });
    // the first option takes the name as a new tag; the second opens the dialog
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create new tag' });
    expect(option).toBeTruthy();
    const name = within(dialog).getByLabelText('Display name') as HTMLInputElement;
    expect(name.value).toBe('Wicks');
    expect((within(dialog).getByLabelText('URL slug') as HTMLInputElement).value).toBe('wicks');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Post new tag' }));
    expect(await within(dialog).findByText('Display name cannot be empty.')).toBeTruthy();
    await user.type(name, 'Wicks');
    await user.click(within(dialog).getByRole('button', { name: 'Post new tag' }));
    const chosen = await screen.findByRole('list', { name: 'Chosen tags' });
    expect(within(chosen).getByText('Wicks')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((s) => s.method === 'POST')?.body).toEqual({ display_name: 'Wicks', slug_name: 'wicks', original_text: '' });
  });

  it('keeps choosing existing tags from the keyboard and offers no creation without the privilege', async () => {
    mockFetch({ ...search, ...permission(false) });
    renderWithApp(<Harness />, { path: '/questions/ask', user: userFixture({ rank: 1 }) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Tags'), 'lant');
    expect(await screen.findByRole('option', { name: 'lanterns' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(await screen.findByRole('list', { name: 'Chosen tags' })).getByText('lanterns')).toBeTruthy();
    await user.type(screen.getByLabelText('Tags'), 'wicks');
    expect(await screen.findByText('No tag named “wicks”.')).toBeTruthy();
    // Enter does not take it either: no privilege, no such tag
    await user.keyboard('{Enter}');
    expect(within(screen.getByRole('list', { name: 'Chosen tags' })).queryByText('wicks')).toBeNull();
    expect(screen.getByText('No tag named “wicks”.')).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Create tag/ })).toBeNull();
  });
});
