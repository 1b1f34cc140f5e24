// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, ok } from '../../../tests/support/fetch-mock';
import { renderWithApp, userFixture } from '../../../tests/support/render';
import type { CurrentUser } from '../../api/user/types';
import SettingsPage from './SettingsPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const NO_CAPTCHA = { 'GET /user/action/record': { data: { verify: false, captcha_id: '', captcha_img: '' } } };
// what the account tab and the settings menu load besides: no third-party logins, no plugins with personal settings
const PAGE_LOADS = { 'GET /connector/user/info': ok(), 'GET /user/plugin/configs': ok() };

function openAccount(over: Partial<CurrentUser> = {}) {
  renderWithApp(<SettingsPage />, {
    path: '/users/settings/account',
    pattern: '/users/settings/:tab',
    user: userFixture({ have_password: true, ...over }),
  });
  return userEvent.setup();
}

const emailForm = () => within(screen.getByRole('region', { name: 'Email' }));
const passwordForm = () => within(screen.getByRole('region', { name: 'Password' }));

describe('change password', () => {
  it('checks current, new and confirmation word for word before sending', async () => {
    const { calls } = mockFetch({ ...PAGE_LOADS, ...NO_CAPTCHA });
    const user = openAccount();
    await screen.findByRole('heading', { name: 'Account', level: 2 });
    const form = passwordForm();
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findAllByText('Password cannot be empty.')).toHaveLength(3);
    await user.type(form.getByLabelText('Current password'), 'old-password-1');
    await user.type(form.getByLabelText('New password'), 'short');
    await user.type(form.getByLabelText('Confirm new password'), 'other');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Password must be at 8-32 characters in length.')).toBeTruthy();
    expect(form.getByText('The two passwords do not match.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/password')).toBe(false);
  });

  it('shows the server refusing the current password on its field, then succeeds', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...PAGE_LOADS,
      ...NO_CAPTCHA,
      'PUT /user/password': () =>
        ++attempts === 1
          ? {
              status: 400,
              reason: 'error.object.old_password_verification_failed',
              msg: 'The old password verification failed.',
              data: [{ error_field: 'old_pass', error_msg: 'The old password verification failed.' }],
            }
          : { data: null },
    });
    const user = openAccount();
    await screen.findByRole('heading', { name: 'Account', level: 2 });
    const form = passwordForm();
    await user.type(form.getByLabelText('Current password'), 'wrong-password');
    await user.type(form.getByLabelText('New password'), 'new-password-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('The old password verification failed.')).toBeTruthy();
    await user.clear(form.getByLabelText('Current password'));
    await user.type(form.getByLabelText('Current password'), 'old-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/user/password').at(-1)?.body).toEqual({ old_pass: 'old-password-1', pass: 'new-password-1' });
  });

  it('has no current-password field when the account has no password', async () => {
    const { calls } = mockFetch({ ...PAGE_LOADS, ...NO_CAPTCHA, 'PUT /user/password': ok() });
    const user = openAccount({ have_password: false });
    await screen.findByRole('heading', { name: 'Account', level: 2 });
    const form = passwordForm();
    expect(form.queryByLabelText('Current password')).toBeNull();
    await user.type(form.getByLabelText('New password'), 'new-password-1');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed successfully.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/user/password')?.body).toEqual({ pass: 'new-password-1' });
  });
});

describe('change email', () => {
  it('checks the new address and the password, then says "Sent successfully"', async () => {
    const { calls } = mockFetch({ ...PAGE_LOADS, ...NO_CAPTCHA, 'POST /user/email/change/code': ok() });
    const user = openAccount();
    await screen.findByRole('heading', { name: 'Account', level: 2 });
    const form = emailForm();
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('New email cannot be empty.')).toBeTruthy();
    expect(form.getByText('Password cannot be empty.')).toBeTruthy();
    await user.type(form.getByLabelText('New email'), 'not-an-address');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('Invalid Email Address.')).toBeTruthy();
    expect(calls.some((c) => c.path === '/user/email/change/code')).toBe(false);
    await user.clear(form.getByLabelText('New email'));
    await user.type(form.getByLabelText('New email'), 'grace.new@example.com');
    await user.type(form.getByLabelText('Current password'), 'grace-password-1');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Sent successfully')).toBeTruthy();
    expect(form.getByText("We've sent an email to that address. Please follow the confirmation instructions.")).toBeTruthy();
    expect(calls.find((c) => c.path === '/user/email/change/code')?.body).toEqual({
      e_mail: 'grace.new@example.com',
      pass: 'grace-password-1',
    });
  });

  it('shows "Email already exists." from the server on the new-email field', async () => {
    mockFetch({
      ...PAGE_LOADS,
      ...NO_CAPTCHA,
      'POST /user/email/change/code': {
        status: 400,
        reason: 'error.email.duplicate',
        msg: 'Email already exists.',
        data: [{ error_field: 'e_mail', error_msg: 'Email already exists.' }],
      },
    });
    const user = openAccount();
    await screen.findByRole('heading', { name: 'Account', level: 2 });
    const form = emailForm();
    await user.type(form.getByLabelText('New email'), 'admin@example.com');
    await user.type(form.getByLabelText('Current password'), 'grace-password-1');
    await user.click(form.getByRole('button', { name: 'Send confirmation link' }));
    expect(await form.findByText('Email already exists.')).toBeTruthy();
    expect(form.getByLabelText('New email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('my logins', () => {
  it('says so when no third-party login is enabled', async () => {
    mockFetch({ ...PAGE_LOADS, 'GET /connector/user/info': { data: [] } });
    openAccount();
    expect(await screen.findByText('No third-party login is enabled on this site.')).toBeTruthy();
  });

  it('lists connectors and removes a binding after confirmation', async () => {
    const { calls } = mockFetch({
      ...PAGE_LOADS,
      'DELETE /connector/user/unbinding': ok(),
      'GET /connector/user/info': {
        data: [
          { name: 'GitHub', icon: '', link: 'http://localhost/answer/api/v1/connector/login/github', binding: true, external_id: 'gh-1' },
          { name: 'GitLab', icon: '', link: 'http://localhost/answer/api/v1/connector/login/gitlab', binding: false, external_id: '' },
        ],
      },
    });
    const user = openAccount();
    expect((await screen.findByRole('link', { name: 'Connect GitLab' })).getAttribute('href')).toBe(
      'http://localhost/answer/api/v1/connector/login/gitlab',
    );
    await user.click(screen.getByRole('button', { name: 'Remove GitHub' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove login' });
    expect(within(dialog).getByText('Are you sure you want to remove this login from your account?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed successfully')).toBeTruthy();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/connector/user/unbinding', body: { external_id: 'gh-1' } });
  });
});
