// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/support/fetch-mock';
import { renderWithApp, siteFixture, userFixture } from '../../../tests/support/render';
import type { SiteInfo } from '../../api/site/types';
import { clearToken, setToken } from '../../api/token';
import SettingsPage from './SettingsPage';

afterEach(async () => {
  cleanup();
  await clearToken();
  vi.restoreAllMocks();
});

const ME = userFixture({
  username: 'grace',
  display_name: 'Grace',
  bio: 'Hello',
  website: '',
  location: '',
  have_password: true,
  avatar: { type: 'system', gravatar: '', custom: '' },
});

// the settings menu lists the plugins with personal settings: none here
const NO_PLUGINS = { 'GET /user/plugin/configs': ok() };

function siteWith(flags: Record<string, boolean>): SiteInfo {
  const base = siteFixture();
  return { ...base, site_users: { ...base.site_users, ...flags } as SiteInfo['site_users'] };
}

function openProfile(site?: SiteInfo) {
  renderWithApp(<SettingsPage />, { path: '/users/settings/profile', pattern: '/users/settings/:tab', user: ME, site });
  return userEvent.setup();
}

describe('the profile form', () => {
  it('checks display name, username and website word for word before sending', async () => {
    const { calls } = mockFetch({ ...NO_PLUGINS });
    const user = openProfile();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Website'), 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Username cannot be empty.')).toBeTruthy();
    expect(screen.getByText('URL format is incorrect.')).toBeTruthy();
    expect(document.activeElement).toBe(name);

    await user.type(name, 'G');
    await user.type(screen.getByLabelText('Username'), 'Grace Hopper');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name must be at 2-30 characters in length.')).toBeTruthy();
    expect(screen.getByText('Username can only contain a-z, 0-9, - . _')).toBeTruthy();

    await user.clear(name);
    await user.type(name, 'Grace!');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'g'.repeat(31));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Display name can only contain letters, digits, spaces and - . _')).toBeTruthy();
    expect(screen.getByText('Username must be at 2-30 characters in length.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('puts the server field errors on their fields', async () => {
    mockFetch({
      ...NO_PLUGINS,
      'PUT /user/info': {
        status: 400,
        reason: 'error.user.username_duplicate',
        msg: 'Username is already in use.',
        data: [{ error_field: 'username', error_msg: 'Username is already in use.' }],
      },
    });
    const user = openProfile();
    const username = await screen.findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'taken');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Username is already in use.')).toBeTruthy();
    expect(username.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves, refreshes the user and says "update success"', async () => {
    await setToken('token');
    const { calls } = mockFetch({
      ...NO_PLUGINS,
      'GET /user/info': { data: { ...ME, display_name: 'Grace Hopper' } },
      'PUT /user/info': ok(),
    });
    const user = openProfile();
    const name = await screen.findByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Grace Hopper');
    await user.type(screen.getByLabelText('Website'), 'https://grace.example.com');
    await user.type(screen.getByLabelText('Location'), 'Arlington');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/user/info');
    expect(put?.body).toMatchObject({
      display_name: 'Grace Hopper',
      username: 'grace',
      bio: 'Hello',
      website: 'https://grace.example.com',
      location: 'Arlington',
      avatar: { type: 'system', custom: '' },
    });
    expect(calls.some((c) => c.method === 'GET' && c.path === '/user/info')).toBe(true);
  });

  it('asks for an image when Custom is chosen, and refuses files that are not images or too big', async () => {
    const { calls } = mockFetch({
      ...NO_PLUGINS,
      'POST /file': { data: 'http://localhost/uploads/avatar/0123456789abcdef01234567.png' },
      'PUT /user/info': ok(),
    });
    const user = openProfile();
    await user.click(await screen.findByLabelText('Custom'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please upload an avatar')).toBeTruthy();
    const input = screen.getByTestId('avatar-file') as HTMLInputElement;
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Only images can be uploaded.')).toBeTruthy();
    await user.upload(input, new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('Images up to 4 MB.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/file')).toBe(false);
    await user.upload(input, new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.queryByText('Images up to 4 MB.')).toBeNull());
    expect(calls.find((c) => c.path === '/file')?.body).toMatchObject({ source: 'avatar' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('update success');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      avatar: { type: 'custom', custom: 'http://localhost/uploads/avatar/0123456789abcdef01234567.png' },
    });
  });

  it('locks the fields the admin does not let members change', async () => {
    mockFetch({ ...NO_PLUGINS });
    openProfile(siteWith({ allow_update_username: false, allow_update_website: false, allow_update_display_name: true }));
    expect(((await screen.findByLabelText('Username')) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Website') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).disabled).toBe(false);
    expect(screen.getAllByText('The site does not let members change this.')).toHaveLength(2);
  });
});
