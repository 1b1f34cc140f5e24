// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../tests/support/render';
import LoginPage from './index';

afterEach(cleanup);

describe('the login form', () => {
  it('says what is wrong with each field, word for word, before sending anything', async () => {
    renderWithApp(<LoginPage />, { path: '/users/login', user: null });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty.')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid Email Address.')).toBeTruthy();
    expect(screen.getByText('Password must be at 8-32 characters in length.')).toBeTruthy();
  });
});
