// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Reply } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import { tagDetail } from './tag-fixtures';
import TagCreatePage from './TagCreatePage';
import TagEditPage from './TagEditPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ADMIN = userFixture({ role_id: 2, rank: 1 });
const allowed = { 'GET /permission': { data: { 'tag.add': { has_permission: true, no_permission_tip: '' } } } };

describe('the create-tag form', () => {
  it('says what is wrong with the display name and slug, word for word, before sending anything', async () => {
    const sent = mockFetch(allowed).calls;
    renderWithApp(<TagCreatePage />, { path: '/tags/create', user: ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Post new tag' }));
    expect(await screen.findByText('Display name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('URL slug cannot be empty.')).toBeTruthy();
    expect(screen.getByLabelText('Display name')).toBe(document.activeElement);

    await user.type(screen.getByLabelText('Display name'), 'x'.repeat(36));
    await user.click(screen.getByRole('button', { name: 'Post new tag' }));
    expect(await screen.findByText('Display name up to 35 characters.')).toBeTruthy();
    // the slug followed the display name, so it is too long as well
    expect(screen.getByText('URL slug up to 35 characters.')).toBeTruthy();

    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Oil lamps');
    expect((screen.getByLabelText('URL slug') as HTMLInputElement).value).toBe('oil-lamps');
    await user.clear(screen.getByLabelText('URL slug'));
    await user.type(screen.getByLabelText('URL slug'), 'oil/lamps?');
    await user.click(screen.getByRole('button', { name: 'Post new tag' }));
    expect(await screen.findByText('URL slug contains unallowed character set.')).toBeTruthy();
    expect(screen.queryByText('Display name up to 35 characters.')).toBeNull();
    expect(sent.filter((s) => s.method === 'POST' && s.path === '/tag')).toHaveLength(0);
  });

  it("puts the server's field errors on their fields", async () => {
    const sent = mockFetch({
      ...allowed,
      'POST /tag': {
        status: 400,
        reason: 'error.tag.already_exist',
        msg: 'Tag already exists.',
        data: [{ error_field: 'slug_name', error_msg: 'Tag already exists.' }],
      },
    }).calls;
    renderWithApp(<TagCreatePage />, { path: '/tags/create', user: ADMIN });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Display name'), 'Lanterns');
    await user.click(screen.getByRole('button', { name: 'Post new tag' }));
    expect(await screen.findByText('Tag already exists.')).toBeTruthy();
    expect(screen.getByLabelText('URL slug').getAttribute('aria-invalid')).toBe('true');
    expect(sent.find((s) => s.method === 'POST' && s.path === '/tag')?.body).toEqual({
      display_name: 'Lanterns',
      slug_name: 'lanterns',
      original_text: '',
    });
  });

  it('opens the new tag on its page after creating it', async () => {
    mockFetch({ ...allowed, 'POST /tag': { data: { slug_name: 'c++' } } });
    renderWithApp(<TagCreatePage />, {
      path: '/tags/create',
      user: ADMIN,
      routes: [{ path: '/tags/:tagName', element: <p>tag page reached</p> }],
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Display name'), 'C++');
    await user.click(screen.getByRole('button', { name: 'Post new tag' }));
    expect(await screen.findByText('tag page reached')).toBeTruthy();
  });

  it('tells a member without the tag.add privilege why they cannot create tags', async () => {
    mockFetch({
      'GET /permission': {
        data: { 'tag.add': { has_permission: false, no_permission_tip: 'You need at least 750 reputation to do this.' } },
      },
    });
    renderWithApp(<TagCreatePage />, { path: '/tags/create', user: userFixture({ rank: 1 }) });
    expect(await screen.findByText('You need at least 750 reputation to do this.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '403' })).toBeTruthy();
    expect(screen.queryByLabelText('Display name')).toBeNull();
  });
});

describe('the edit-tag form', () => {
  const editRoutes = (put: Reply) => ({
    'GET /revisions/edit/check': { data: null },
    'GET /tag': { data: tagDetail() },
    // the description's preview is beside the point here
    'POST /post/render': { data: null },
    'PUT /tag': put,
  });

  it('checks the fields as the create form does and keeps the slug for staff only', async () => {
    const sent = mockFetch(editRoutes({ data: { wait_for_review: false } })).calls;
    renderWithApp(<TagEditPage />, { path: '/tags/10030000000000101/edit', pattern: '/tags/:tagId/edit', user: userFixture({ rank: 60 }) });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    expect((name as HTMLInputElement).value).toBe('Lanterns');
    expect(screen.getByLabelText('URL slug').hasAttribute('readonly')).toBe(true);
    expect(screen.getByText('Only moderators can change the URL slug.')).toBeTruthy();
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Display name cannot be empty.')).toBeTruthy();
    await user.type(name, 'y'.repeat(36));
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Display name up to 35 characters.')).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT')).toHaveLength(0);
  });

  it("tells a member whose edit waits for review: 'Your revision will show after review.'", async () => {
    const sent = mockFetch(editRoutes({ data: { wait_for_review: true } })).calls;
    renderWithApp(<TagEditPage />, {
      path: '/tags/10030000000000101/edit',
      pattern: '/tags/:tagId/edit',
      user: userFixture({ rank: 60 }),
      routes: [{ path: '/tags/:tagName/info', element: <p>info page reached</p> }],
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Oil lanterns');
    await user.type(screen.getByLabelText('Edit summary'), 'clearer name');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Your revision will show after review.')).toBeTruthy();
    expect(await screen.findByText('info page reached')).toBeTruthy();
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'PUT')?.body).toEqual({
        tag_id: '10030000000000101',
        display_name: 'Oil lanterns',
        slug_name: 'lanterns',
        original_text: 'Oil lanterns.',
        edit_summary: 'clearer name',
      }),
    );
  });

  it('lets staff change the slug and shows the server field error on it', async () => {
    mockFetch(
      editRoutes({
        status: 400,
        reason: 'error.tag.already_exist',
        msg: 'Tag already exists.',
        data: [{ error_field: 'slug_name', error_msg: 'Tag already exists.' }],
      }),
    );
    renderWithApp(<TagEditPage />, {
      path: '/tags/10030000000000101/edit',
      pattern: '/tags/:tagId/edit',
      user: userFixture({ role_id: 3 }),
    });
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('URL slug');
    expect(slug.hasAttribute('readonly')).toBe(false);
    await user.clear(slug);
    await user.type(slug, 'bad slug!');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('URL slug contains unallowed character set.')).toBeTruthy();
    await user.clear(slug);
    await user.type(slug, 'lamps');
    await user.click(screen.getByRole('button', { name: 'Save edits' }));
    expect(await screen.findByText('Tag already exists.')).toBeTruthy();
  });
});
