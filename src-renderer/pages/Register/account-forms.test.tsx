// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import { checkSiteForm, type SiteForm } from '../Install/install-validation';
import { AccountRecovery, ChangeEmail, PasswordReset } from '../Recovery';
import RegisterPage from './index';

// The account forms' own checks, word for word (spec section 5), before anything is sent.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the sign-up form', () => {
  it('checks the name (2-30, its characters), the email and the password (8-32)', async () => {
    const api = mockFetch({});
    renderWithApp(<RegisterPage />, { path: '/users/register', user: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Email cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Display name'), 'x');
    await user.type(screen.getByLabelText('Email'), 'nobody@');
    await user.type(screen.getByLabelText('Password'), 'x'.repeat(33));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name must be at 2-30 characters in length.')).toBeTruthy();
    expect(screen.getByText('Invalid Email Address.')).toBeTruthy();
    expect(screen.getByText('Password must be at 8-32 characters in length.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Grace <3');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name can only contain letters, digits, spaces and - . _')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('account recovery and password reset', () => {
  it('recovery needs a valid email', async () => {
    renderWithApp(<AccountRecovery />, { path: '/users/account-recovery', user: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText('Email cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'grace.example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(await screen.findByText('Invalid Email Address.')).toBeTruthy();
  });

  it('a new password is 8-32 characters and must match its confirmation', async () => {
    const api = mockFetch({});
    renderWithApp(<PasswordReset />, { path: '/users/password-reset?code=abc', pattern: '/users/password-reset', user: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password must be at 8-32 characters in length.')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-2');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(i18next.t('form.password_mismatch'))).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('changing the email of a not-yet-activated account needs a valid address', async () => {
    renderWithApp(<ChangeEmail />, { path: '/users/change-email', user: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: i18next.t('change_email.submit') }));
    expect(await screen.findByText('Email cannot be empty.')).toBeTruthy();
  });
});

describe('the installer', () => {
  it('site name up to 30, site URL up to 512 and well formed, admin password 8-32', () => {
    const t = i18next.t.bind(i18next);
    const ok: SiteForm = {
      site_name: 'Team Lantern',
      site_url: 'http://127.0.0.1:9080',
      contact_email: 'team@example.com',
      name: 'Site Admin',
      password: 'admin-password',
      email: 'admin@example.com',
      login_required: false,
      external_content_display: 'always_display',
    };
    expect(checkSiteForm(t, ok)).toEqual({});
    const bad = checkSiteForm(t, {
      ...ok,
      site_name: 'x'.repeat(31),
      site_url: `http://${'x'.repeat(510)}`,
      password: 'short',
      email: 'nope',
    });
    expect(bad).toEqual({
      site_name: 'Site name up to 30 characters.',
      site_url: t('install.site_url_max'),
      password: 'Password must be at 8-32 characters in length.',
      email: 'Invalid Email Address.',
    });
    expect(checkSiteForm(t, { ...ok, site_url: 'ftp:/x' }).site_url).toBe(t('install.site_url_invalid'));
    expect(checkSiteForm(t, { ...ok, site_name: ' ' }).site_name).toBe(t('install.site_name_required'));
  });
});
