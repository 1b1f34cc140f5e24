// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import type { AdminUser } from '../../api/admin/types';
import { clearToken, setToken } from '../../api/token';
import UsersPage from './UsersPage';

beforeEach(async () => {
  await setToken('token-1');
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await clearToken();
});

const ADMIN = userFixture({ id: '1', role_id: 2 });
const ada: AdminUser = {
  user_id: '7',
  created_at: 1_760_000_000,
  deleted_at: 0,
  suspended_at: 0,
  suspended_until: 0,
  username: 'ada',
  e_mail: 'ada@example.com',
  rank: 12,
  status: 'normal',
  display_name: 'Ada Lovelace',
  avatar: '',
  role_id: 1,
  role_name: 'User',
  imported: false,
  claimable: false,
};
const ROLES = [
  { id: 1, name: 'User', description: 'Default with no special access.' },
  { id: 2, name: 'Admin', description: 'Have the full power.' },
  { id: 3, name: 'Moderator', description: 'Has access to all posts.' },
];

function openUsers(routes: Record<string, Route> = {}) {
  const { calls } = mockFetch(
    {
      'GET /admin/api/users/page': { data: { count: 1, list: [ada] } },
      'GET /admin/api/roles': { data: ROLES },
      'PUT /admin/api/user/profile': ok(),
      'PUT /admin/api/user/password': ok(),
      'PUT /admin/api/user/role': ok(),
      'PUT /admin/api/user/status': ok(),
      ...routes,
    },
    { base: '/answer' },
  );
  renderWithApp(<UsersPage />, { path: '/admin/users', user: ADMIN });
  return { calls, user: userEvent.setup() };
}

async function pick(user: ReturnType<typeof userEvent.setup>, action: string) {
  await user.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }));
  // the popup menu is placed by measuring the page, which happy-dom cannot: it stays display:none there
  const item = await screen.findByRole('menuitem', { name: action, hidden: true });
  fireEvent.click(item.querySelector('a') ?? item);
  return within(await screen.findByRole('dialog'));
}

describe('set new password', () => {
  it('requires 8-32 characters word for word, then saves and says update success', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Set new password');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Password cannot be empty.')).toBeTruthy();
    await user.type(dialog.getByLabelText('New password'), 'short');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Password must be at 8-32 characters in length.')).toBeTruthy();
    await user.clear(dialog.getByLabelText('New password'));
    await user.type(dialog.getByLabelText('New password'), 'x'.repeat(33));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Password must be at 8-32 characters in length.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin/api/user/password')).toBe(false);
    await user.clear(dialog.getByLabelText('New password'));
    await user.type(dialog.getByLabelText('New password'), 'new-pass-123');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/user/password')?.body).toEqual({ user_id: '7', password: 'new-pass-123' });
  });

  it('shows the server refusal on the field', async () => {
    const { user } = openUsers({
      'PUT /admin/api/user/password': {
        status: 400,
        msg: 'Password cannot contain spaces.',
        data: [{ error_field: 'password', error_msg: 'Password cannot contain spaces.' }],
      },
    });
    const dialog = await pick(user, 'Set new password');
    await user.type(dialog.getByLabelText('New password'), 'with space 1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Password cannot contain spaces.')).toBeTruthy();
  });
});

describe('edit profile', () => {
  it('requires display name and username of 3-30 and a valid email, word for word', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Edit profile');
    for (const label of ['Display name', 'Username', 'Email']) await user.clear(dialog.getByLabelText(label));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Display name cannot be empty.')).toBeTruthy();
    expect(dialog.getByText('Username cannot be empty.')).toBeTruthy();
    expect(dialog.getByText('Email cannot be empty.')).toBeTruthy();
    await user.type(dialog.getByLabelText('Display name'), 'Al');
    await user.type(dialog.getByLabelText('Username'), 'u'.repeat(31));
    await user.type(dialog.getByLabelText('Email'), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Display name must be at 3-30 characters in length.')).toBeTruthy();
    expect(dialog.getByText('Username must be at 3-30 characters in length.')).toBeTruthy();
    expect(dialog.getByText('Invalid Email Address.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin/api/user/profile')).toBe(false);
  });

  it('puts the server field errors on their fields', async () => {
    const { user } = openUsers({
      'PUT /admin/api/user/profile': {
        status: 400,
        msg: 'Username is already in use.',
        data: [{ error_field: 'username', error_msg: 'Username is already in use.' }],
      },
    });
    const dialog = await pick(user, 'Edit profile');
    await user.clear(dialog.getByLabelText('Username'));
    await user.type(dialog.getByLabelText('Username'), 'grace');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    const error = await dialog.findByText('Username is already in use.');
    expect(dialog.getByLabelText('Username').getAttribute('aria-describedby')).toContain(error.id);
  });

  it('saves the trimmed values and says update success', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Edit profile');
    await user.clear(dialog.getByLabelText('Display name'));
    await user.type(dialog.getByLabelText('Display name'), ' Ada King ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/user/profile')?.body).toEqual({
      user_id: '7',
      display_name: 'Ada King',
      username: 'ada',
      email: 'ada@example.com',
    });
  });

  it('asks before closing with unsaved changes', async () => {
    const { user } = openUsers();
    const dialog = await pick(user, 'Edit profile');
    await user.type(dialog.getByLabelText('Username'), 'x');
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(await screen.findByText('Changes you made may not be saved.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect((dialog.getByLabelText('Username') as HTMLInputElement).value).toBe('adax');
  });
});

describe('bulk add', () => {
  it('requires text and lists each bad line word for word before sending', async () => {
    const { calls, user } = openUsers();
    await user.click(await screen.findByRole('button', { name: 'Add users' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('Please enter at least one user.')).toBeTruthy();
    await user.type(
      dialog.getByLabelText('Users'),
      'Good Name, good@example.com, password1{enter}only two, parts{enter}X, bad-email, short',
    );
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText("Line 2: write 'name, email, password'.")).toBeTruthy();
    expect(dialog.getByText('Line 3: display name must be at 2-30 characters in length.')).toBeTruthy();
    expect(dialog.getByText('Line 3: Invalid Email Address.')).toBeTruthy();
    expect(dialog.getByText('Line 3: Password must be at 8-32 characters in length.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/admin/api/users')).toBe(false);
  });

  it('sends the lines and shows the server line error', async () => {
    const message = "Error email format near 'a@example.com' at line 2. Email is already in use.";
    const { calls, user } = openUsers({
      'POST /admin/api/users': { status: 400, msg: message, data: [{ error_field: 'users', error_msg: message }] },
    });
    await user.click(await screen.findByRole('button', { name: 'Add users' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Users'), 'Ann One, ann@example.com, password1{enter}Bob Two, a@example.com, password2');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/users')?.body).toEqual({
      users: 'Ann One, ann@example.com, password1\nBob Two, a@example.com, password2',
    });
  });
});

describe('role, status, delete and activation', () => {
  it('changes the role through the roles of the roles call', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Change role');
    await user.click(await dialog.findByLabelText(/Moderator/));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/user/role')?.body).toEqual({ user_id: '7', role_id: 3 });
  });

  it('suspends for a chosen duration', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Change status');
    await user.click(dialog.getByLabelText(/Suspended/));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Suspend for' }), '7 days');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/user/status')?.body).toEqual({
      user_id: '7',
      status: 'suspended',
      suspend_duration: '7d',
    });
  });

  it('deletes with the remove-all-content option', async () => {
    const { calls, user } = openUsers();
    const dialog = await pick(user, 'Delete user');
    await user.click(dialog.getByLabelText('Also remove all questions, answers and comments of this user'));
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('update success')).toBeTruthy();
    expect(calls.find((c) => c.path === '/admin/api/user/status')?.body).toEqual({
      user_id: '7',
      status: 'deleted',
      remove_all_content: true,
    });
  });

  it('shows the activation link of an inactive account', async () => {
    const { user } = openUsers({
      'GET /admin/api/users/page': { data: { count: 1, list: [{ ...ada, status: 'inactive' }] } },
      'GET /admin/api/user/activation': { data: { activation_url: 'http://127.0.0.1/users/account-activation?code=abc' } },
    });
    const dialog = await pick(user, 'Activation link');
    await vi.waitFor(
      () =>
        expect((dialog.getByLabelText('Activation link') as HTMLInputElement).value).toBe(
          'http://127.0.0.1/users/account-activation?code=abc',
        ),
      { timeout: 5000 },
    );
  });
});
