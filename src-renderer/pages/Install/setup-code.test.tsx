// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok, type FetchCall, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import InstallPage from './index';

afterEach(cleanup);

const LANGUAGES = [{ label: 'English (100%)', value: 'en_US', progress: 100 }];
const CODE = '4821-7730';
const WRONG = 'That setup code is wrong (9 more tries before the server prints a new one).';
const RENEWED = 'Too many wrong setup codes: the server has printed a new one on its console. Enter that one.';

/** The server's answer to a step guarded by the setup code: the field error unless the code is right. */
const guarded =
  (then: Route = ok()): Route =>
  (call: FetchCall) =>
    (call.body as { setup_code?: string }).setup_code === CODE
      ? typeof then === 'function'
        ? then(call)
        : then
      : fail(400, 'error.install.setup_code_wrong', WRONG, [{ error_field: 'setup_code', error_msg: WRONG }]);

/** The installer as a browser on another machine sees it (`required`), or one on the server's machine. */
async function openInstaller(required: boolean, baseInfo: Route = guarded()) {
  const fetch = mockFetch({
    'GET /installation/language/options': ok(LANGUAGES),
    'POST /installation/config-file/check': ok({
      config_file_exist: false,
      db_connection_success: false,
      db_table_exist: false,
      setup_code_required: required,
    }),
    'POST /installation/setup-code/check': guarded(),
    'POST /installation/db/check': guarded(ok({ connection_success: true })),
    'POST /installation/init': guarded(),
    'POST /installation/base-info': baseInfo,
  });
  renderWithApp(<InstallPage />, { path: '/install', user: null });
  const user = userEvent.setup();
  await screen.findByRole('option', { name: 'English (100%)' });
  return { fetch, user };
}

async function fillSite(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Site name'), 'Team');
  await user.type(screen.getByLabelText('Contact email'), 'team@example.com');
  await user.type(screen.getByLabelText('Admin name'), 'Team Admin');
  await user.type(screen.getByLabelText('Admin password'), 'correct horse');
  await user.type(screen.getByLabelText('Admin email'), 'admin@example.com');
  await user.click(screen.getByRole('button', { name: 'Install' }));
}

describe("the install wizard's setup code", () => {
  it('is not asked on the server machine', async () => {
    const { fetch, user } = await openInstaller(false);
    await vi.waitFor(() => expect(fetch.callsTo('POST /installation/config-file/check')).toHaveLength(1));
    expect(screen.queryByLabelText('Setup code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Database' });
    expect(screen.queryByLabelText('Setup code')).toBeNull();
    expect(fetch.callsTo('POST /installation/setup-code/check')).toEqual([]);
  });

  it('is asked from another machine: a wrong code stays on the first step with the message, the right one is sent with every step', async () => {
    const { fetch, user } = await openInstaller(true);
    const field = await screen.findByLabelText('Setup code');
    expect(screen.getByText(/enter the setup code the server printed on its console/)).toBeTruthy();
    await user.type(field, '1111-1111');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Database' })).toBeNull();

    await user.clear(field);
    await user.type(field, ` ${CODE} `);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Database' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Site information' });
    await fillSite(user);
    expect(await screen.findByRole('heading', { name: 'Installation complete' })).toBeTruthy();
    expect(fetch.callsTo('POST /installation/setup-code/check').map((c) => c.body)).toEqual([
      { setup_code: '1111-1111' },
      { setup_code: CODE },
    ]);
    expect(fetch.callsTo('POST /installation/db/check').map((c) => c.body)).toEqual([{ db_type: 'sqlite3', setup_code: CODE }]);
    expect(fetch.callsTo('POST /installation/init').map((c) => c.body)).toEqual([{ db_type: 'sqlite3', setup_code: CODE }]);
    expect(fetch.callsTo('POST /installation/base-info')[0].body).toMatchObject({ site_name: 'Team', setup_code: CODE });
  });

  it('goes back to the code when the server has printed a new one meanwhile', async () => {
    const renewed = fail(400, 'error.install.setup_code_renewed', RENEWED, [{ error_field: 'setup_code', error_msg: RENEWED }]);
    const { user } = await openInstaller(true, renewed);
    await user.type(await screen.findByLabelText('Setup code'), CODE);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Database' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Site information' });
    await fillSite(user);
    expect(await screen.findByText(RENEWED)).toBeTruthy();
    expect(screen.getByLabelText('Setup code')).toBeTruthy();
  });
});
