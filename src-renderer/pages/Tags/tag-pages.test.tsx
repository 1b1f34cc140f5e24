// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { tagDetail } from './tag-fixtures';
import TagInfoPage from './TagInfoPage';
import TagPage from './TagPage';
import TagsPage from './TagsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const page = (list: unknown[]) => ({ count: list.length, list });

describe('the tag list', () => {
  it('shows tags as cards, filters by name through tags/page and follows a tag', async () => {
    const sent = mockFetch({
      'GET /tags/page?slug_name=wick': { data: page([]) },
      'GET /tags/page': {
        data: page([
          tagDetail(),
          tagDetail({ tag_id: '10030000000000102', slug_name: 'wicks', display_name: 'wicks', description: '', question_count: 1 }),
        ]),
      },
      'POST /follow': { data: { follows: 3, is_followed: true } },
      'GET /permission': { data: { 'tag.add': { has_permission: false, no_permission_tip: 'x' } } },
    }).calls;
    renderWithApp(<TagsPage />, { path: '/tags' });
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: 'Lanterns' })).getAttribute('href')).toBe('/tags/lanterns');
    const list = screen.getByRole('list', { name: 'Tags' });
    expect(within(list).getByText('The tag has no description.')).toBeTruthy();
    expect(within(list).getByText('3 questions · 2 followers')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create tag' })).toBeNull();
    await user.click(within(list).getByRole('button', { name: 'Follow Lanterns' }));
    expect(await within(list).findByRole('button', { name: 'Following Lanterns' })).toBeTruthy();
    expect(within(list).getByText('3 questions · 3 followers')).toBeTruthy();
    expect(sent.find((s) => s.path === '/follow')?.body).toEqual({ object_id: '10030000000000101', is_cancel: false });
    await user.type(screen.getByLabelText('Filter by tag name'), 'wick');
    expect(await screen.findByText('No tags match “wick”.')).toBeTruthy();
    expect(
      sent.some((s) => s.path === '/tags/page' && s.query.get('slug_name') === 'wick' && s.query.get('query_cond') === 'popular'),
    ).toBe(true);
  });

  it('offers "Create tag" to staff and no follow buttons to visitors', async () => {
    mockFetch({
      'GET /tags/page': { data: page([tagDetail()]) },
      'GET /permission': { data: { 'tag.add': { has_permission: true, no_permission_tip: '' } } },
    });
    renderWithApp(<TagsPage />, { path: '/tags?order=name', user: userFixture({ role_id: 2 }) });
    expect(await screen.findByRole('link', { name: 'Create tag' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Name' }).getAttribute('aria-current')).toBe('page');
    cleanup();
    const sent = mockFetch({ 'GET /tags/page': { data: page([tagDetail()]) } }).calls;
    renderWithApp(<TagsPage />, { path: '/tags', user: null });
    expect(await screen.findByRole('link', { name: 'Lanterns' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
    expect(sent.some((s) => s.path.startsWith('/permission'))).toBe(false);
  });
});

describe('the tag page and tag info', () => {
  it('shows the header, the questions of the tag and an edit link for those allowed', async () => {
    const sent = mockFetch({
      'GET /tag': { data: tagDetail() },
      'GET /tag/synonyms': {
        data: {
          synonyms: [{ tag_id: '9', slug_name: 'lamps', display_name: 'lamps', main_tag_slug_name: 'lanterns' }],
          member_actions: [],
        },
      },
      'GET /question/page': { data: page([]) },
    }).calls;
    renderWithApp(<TagPage />, { path: '/tags/lanterns', pattern: '/tags/:tagName' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lanterns' })).toBeTruthy();
    expect(screen.getByText('Oil lanterns.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe('/tags/lanterns/info');
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/tags/10030000000000101/edit');
    expect(await screen.findByRole('link', { name: 'This tag has 1 synonym.' })).toBeTruthy();
    expect(await screen.findByText('No questions are tagged [Lanterns] yet.')).toBeTruthy();
    await waitFor(() => expect(sent.some((s) => s.path === '/question/page' && s.query.get('tag') === 'lanterns')).toBe(true));
  });

  it('shows the 404 page for a tag that does not exist', async () => {
    mockFetch({ 'GET /tag': { status: 404, reason: 'error.tag.not_found', msg: 'Tag not found.' } });
    renderWithApp(<TagPage />, { path: '/tags/nothing', pattern: '/tags/:tagName' });
    expect(await screen.findByText("Unfortunately, this page doesn't exist.")).toBeTruthy();
  });

  it('manages synonyms on the info page for those allowed', async () => {
    const sent = mockFetch({
      'GET /tag': { data: tagDetail() },
      'GET /tag/synonyms': { data: { synonyms: [], member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }] } },
      'GET /revisions': { data: [] },
      'PUT /tag/synonym': { data: null },
    }).calls;
    renderWithApp(<TagInfoPage />, { path: '/tags/lanterns/info', pattern: '/tags/:tagName/info', user: userFixture({ role_id: 3 }) });
    const user = userEvent.setup();
    expect(await screen.findByText('No synonyms found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/tags/10030000000000101/timeline');
    await user.click(screen.getByRole('button', { name: 'Manage synonyms' }));
    await user.type(screen.getByLabelText('Add a synonym'), 'lanterns{Enter}');
    expect(await screen.findByText('A tag cannot be a synonym of itself.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Add a synonym'));
    await user.type(screen.getByLabelText('Add a synonym'), 'bad/name{Enter}');
    expect(await screen.findByText('URL slug contains unallowed character set.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Add a synonym'));
    await user.type(screen.getByLabelText('Add a synonym'), 'Oil Lamps{Enter}');
    expect(screen.getByRole('button', { name: 'Remove synonym Oil Lamps' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save synonyms' }));
    expect(await screen.findByText('Synonyms saved.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
      tag_id: '10030000000000101',
      synonym_tag_list: [{ slug_name: 'oil-lamps', display_name: 'Oil Lamps' }],
    });
  });
});

describe('deleting a tag from its info page', () => {
  const routes = (detail: Record<string, unknown>, synonyms: unknown[] = []): Record<string, Route> => ({
    'GET /tag': {
      data: tagDetail({
        member_actions: [
          { action: 'edit', name: 'Edit', type: 'edit' },
          { action: 'delete', name: 'Delete', type: 'confirm' },
        ],
        ...detail,
      }),
    },
    'GET /tag/synonyms': { data: { synonyms, member_actions: [] } },
    'GET /revisions': { data: [] },
    'DELETE /tag': { data: null },
  });

  it('explains that a tag with questions cannot be deleted, and sends nothing', async () => {
    const sent = mockFetch(routes({ question_count: 3 })).calls;
    renderWithApp(<TagInfoPage />, { path: '/tags/lanterns/info', pattern: '/tags/:tagName/info', user: userFixture({ role_id: 2 }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tag' });
    expect(
      within(dialog).getByText('We do not allow deleting a tag with posts. Please remove this tag from the posts first.'),
    ).toBeTruthy();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
  });

  it('deletes an unused tag after confirmation and goes to the tag list', async () => {
    const sent = mockFetch(routes({ question_count: 0 })).calls;
    renderWithApp(<TagInfoPage />, {
      path: '/tags/lanterns/info',
      pattern: '/tags/:tagName/info',
      user: userFixture({ role_id: 2 }),
      routes: [{ path: '/tags', element: <p>tag list reached</p> }],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this tag' });
    expect(within(dialog).getByText('Are you sure you wish to delete?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('tag list reached')).toBeTruthy();
    expect(await screen.findByText('Tag deleted.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'DELETE')?.body).toEqual({ tag_id: '10030000000000101' });
  });
});
