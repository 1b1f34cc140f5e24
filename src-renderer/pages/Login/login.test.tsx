// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockFetch } from '../../../tests/support/fetch-mock';
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

  it('shows the captcha at once when the login itself asks for one the record did not announce', async () => {
    let records = 0;
    const api = mockFetch({
      'GET /user/action/record': () => {
        records++;
        // the first look says no captcha; by the time the login is refused, one is needed
        return {
          data:
            records === 1
              ? { captcha_id: '', captcha_img: '', verify: false }
              : { captcha_id: 'c1', captcha_img: 'data:image/png;base64,AAAA', verify: true },
        };
      },
      'POST /user/login/email': (c) =>
        (c.body as { captcha_code?: string }).captcha_code === 'ab12'
          ? fail(400, 'error.object.email_or_password_incorrect', 'Wrong email or password.', [
              { error_field: 'e_mail', error_msg: 'Wrong email or password.' },
            ])
          : fail(400, 'error.object.captcha_verification_failed', 'Captcha verification failed.', [
              { error_field: 'captcha_code', error_msg: 'Captcha verification failed.' },
            ]),
    });
    renderWithApp(<LoginPage />, { path: '/users/login', user: null });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'owner@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // the first press draws the captcha (it used to show nothing until a second press)
    await user.type(await screen.findByLabelText('Captcha code'), 'ab12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Wrong email or password.')).toBeTruthy();
    const logins = api.callsTo('POST /user/login/email');
    expect(logins).toHaveLength(2);
    expect(logins[1].body).toMatchObject({ e_mail: 'owner@example.com', captcha_id: 'c1', captcha_code: 'ab12' });
  });
});
