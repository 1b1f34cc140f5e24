// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import type { TagInput } from '../../api/question/types';
import { TagPicker } from './components/TagPicker';

// Issue 20: entering several tags, new or existing, is one keyboard flow: no dialog per new tag,
// nothing typed afterwards is lost, focus stays in the input and the suggestions close on each tag.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

let latest: TagInput[] = [];
function Harness() {
  const [tags, setTags] = useState<TagInput[]>([]);
  latest = tags;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        throw new Error('Enter in the tag input must not submit the question');
      }}
    >
      <TagPicker id="tags" label="Tags" value={tags} onChange={setTags} hint="Add tags." />
      <button type="submit">Post your question</button>
    </form>
  );
}

const known = [
  { tag_id: '1', slug_name: 'lanterns', display_name: 'Lanterns', recommend: false, reserved: false },
  { tag_id: '2', slug_name: 'oil', display_name: 'Oil', recommend: false, reserved: false },
];
function serve(mayAdd: boolean) {
  return mockFetch({
    // tags whose slug starts like the text, as the server answers
    'GET /question/tags': (call) => {
      const text = call.query.get('tag')!.toLowerCase();
      return { data: known.filter((k) => k.slug_name.startsWith(text.replace(/\s+/g, '-'))) };
    },
    'GET /permission': { data: { 'tag.add': { has_permission: mayAdd, no_permission_tip: '' } } },
  }).calls;
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Chosen tags' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('entering tags from the keyboard', () => {
  it('takes two existing tags and a new one with Enter and commas, typed fast, without a dialog, keeping focus', async () => {
    const sent = serve(true);
    renderWithApp(<Harness />, { path: '/questions/ask', user: userFixture({ rank: 800 }) });
    const user = userEvent.setup();
    const input = screen.getByLabelText('Tags');
    await user.click(input);
    // typed without waiting for suggestions
    await user.keyboard('lanterns{Enter}wicks,oil,');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(chips()).toEqual(['Lanterns', 'wicksnew', 'Oil']));
    expect(latest).toEqual([
      { slug_name: 'lanterns', display_name: 'Lanterns' },
      { slug_name: 'wicks', display_name: 'wicks' },
      { slug_name: 'oil', display_name: 'Oil' },
    ]);
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
  });

  it('picks a suggestion that is showing, closes the list on the choice and keeps what is typed next', async () => {
    serve(true);
    renderWithApp(<Harness />, { path: '/questions/ask', user: userFixture({ rank: 800 }) });
    const user = userEvent.setup();
    const input = screen.getByLabelText('Tags');
    await user.type(input, 'lan');
    expect(await screen.findByRole('option', { name: 'Lanterns' })).toBeTruthy();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('listbox', { hidden: true }).hidden).toBe(true);
    await user.keyboard('Candle wax');
    expect(await screen.findByRole('option', { name: 'Add new tag “Candle wax”' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['Lanterns', 'Candle waxnew']);
    expect(latest[1]).toEqual({ slug_name: 'candle-wax', display_name: 'Candle wax' });
    await user.keyboard('o');
    expect((input as HTMLInputElement).value).toBe('o');
    expect(document.activeElement).toBe(input);
  });

  it('without the privilege to add tags, an unknown name is not taken and says so', async () => {
    const calls = serve(false);
    renderWithApp(<Harness />, { path: '/questions/ask', user: userFixture({ rank: 1 }) });
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Tags'));
    await waitFor(() => expect(calls.some((c) => c.path === '/permission')).toBe(true));
    await tick();
    await user.keyboard('wicks{Enter}oil{Enter}');
    await waitFor(() => expect(chips()).toEqual(['Oil']));
    expect(screen.getByText('No tag named “wicks”.')).toBeTruthy();
  });
});

async function tick() {
  await new Promise((r) => setTimeout(r, 0));
}
