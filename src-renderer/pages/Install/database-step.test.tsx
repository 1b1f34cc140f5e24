// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, mockFetch, ok, type Route } from '../../../tests/support/fetch-mock';
import { renderWithApp } from '../../../tests/support/render';
import type { DatabaseForm } from '../../api/install/install-calls';
import InstallPage from './index';

afterEach(cleanup);

const LANGUAGES = [{ label: 'English (100%)', value: 'en_US', progress: 100 }];

/** The installer on a fresh site, taken to the database step; `database` answers db/check and init. */
async function openDatabaseStep(database: { check?: Route; init?: Route } = {}) {
  const fetch = mockFetch({
    'GET /installation/language/options': ok(LANGUAGES),
    'POST /installation/config-file/check': ok({ config_file_exist: false, db_connection_success: false, db_table_exist: false }),
    'POST /installation/db/check': database.check ?? ok({ connection_success: true }),
    'POST /installation/init': database.init ?? ok(),
  });
  renderWithApp(<InstallPage />, { path: '/install', user: null });
  const user = userEvent.setup();
  await screen.findByRole('option', { name: 'English (100%)' });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Database' });
  return { fetch, user };
}

describe("the install wizard's database step", () => {
  it('sends SQLite alone by default, as before, and goes on to the site', async () => {
    const { fetch, user } = await openDatabaseStep();
    expect((screen.getByLabelText('Database type') as HTMLSelectElement).value).toBe('sqlite3');
    expect(screen.queryByLabelText('Host')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Site information' })).toBeTruthy();
    expect(fetch.callsTo('POST /installation/db/check').map((c) => c.body)).toEqual([{ db_type: 'sqlite3' }]);
    expect(fetch.callsTo('POST /installation/init').map((c) => c.body)).toEqual([{ db_type: 'sqlite3' }]);
  });

  it('asks for PostgreSQL host, database, user and password, and sends them', async () => {
    const { fetch, user } = await openDatabaseStep();
    await user.selectOptions(screen.getByLabelText('Database type'), 'PostgreSQL');
    const host = screen.getByLabelText('Host');
    expect(host.getAttribute('placeholder')).toBe('127.0.0.1:5432');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    await user.type(host, ' db.example.com:6543 ');
    await user.type(screen.getByLabelText('Database name'), 'lantern');
    await user.type(screen.getByLabelText('User name'), 'lantern_app');
    await user.type(screen.getByLabelText('Password'), ' s3cret ');
    await user.click(screen.getByLabelText('Use SSL'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Site information' })).toBeTruthy();
    const body: DatabaseForm = {
      db_type: 'postgres',
      db_host: 'db.example.com:6543',
      db_name: 'lantern',
      db_username: 'lantern_app',
      // a password is sent as typed: spaces may be part of it
      db_password: ' s3cret ',
      ssl_enabled: true,
      ssl_mode: 'require',
    };
    expect(fetch.callsTo('POST /installation/db/check').map((c) => c.body)).toEqual([body]);
    expect(fetch.callsTo('POST /installation/init').map((c) => c.body)).toEqual([body]);
  });

  it('says which PostgreSQL field is missing before sending anything', async () => {
    const { fetch, user } = await openDatabaseStep();
    await user.selectOptions(screen.getByLabelText('Database type'), 'postgres');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Database host cannot be empty.')).toBeTruthy();
    expect(screen.getByText('Database name cannot be empty.')).toBeTruthy();
    expect(screen.getByText('User name cannot be empty.')).toBeTruthy();
    expect(screen.getByLabelText('Host').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Host').getAttribute('aria-describedby')).toBe('db_host_error');
    expect(fetch.callsTo('POST /installation/db/check')).toEqual([]);
  });

  it("shows the server's reason in the alert and stays; SQLite then still works", async () => {
    const msg = 'Database connection failed: no PostgreSQL server answers at that host and port';
    const { fetch, user } = await openDatabaseStep({
      check: (call) =>
        (call.body as DatabaseForm).db_type === 'postgres'
          ? fail(400, 'error.database.connection_failed', msg, { err_type: 'alert' })
          : ok({ connection_success: true }),
    });
    await user.selectOptions(screen.getByLabelText('Database type'), 'postgres');
    await user.type(screen.getByLabelText('Host'), '127.0.0.1:1');
    await user.type(screen.getByLabelText('Database name'), 'lantern');
    await user.type(screen.getByLabelText('User name'), 'lantern');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe(msg);
    expect(screen.getByRole('heading', { name: 'Database' })).toBeTruthy();
    expect(fetch.callsTo('POST /installation/init')).toEqual([]);
    // the alert was about PostgreSQL: choosing SQLite clears it, and the fields are kept for a way back
    await user.selectOptions(screen.getByLabelText('Database type'), 'sqlite3');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Database type'), 'postgres');
    expect((screen.getByLabelText('Host') as HTMLInputElement).value).toBe('127.0.0.1:1');
    await user.selectOptions(screen.getByLabelText('Database type'), 'sqlite3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Site information' })).toBeTruthy();
    expect(fetch.callsTo('POST /installation/init').map((c) => c.body)).toEqual([{ db_type: 'sqlite3' }]);
  });

  it('shows why init refuses (a SQLite server asked for PostgreSQL) and stays', async () => {
    const msg =
      'The database works. To install this site on it, start Lantern with LANTERN_DATABASE_URL=postgres://lantern:********@127.0.0.1:5432/lantern (or --database-url), then open the installer again.';
    const { user } = await openDatabaseStep({ init: fail(400, 'error.database.restart_on_postgres', msg, { err_type: 'alert' }) });
    await user.selectOptions(screen.getByLabelText('Database type'), 'postgres');
    await user.type(screen.getByLabelText('Host'), '127.0.0.1:5432');
    await user.type(screen.getByLabelText('Database name'), 'lantern');
    await user.type(screen.getByLabelText('User name'), 'lantern');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe(msg);
    expect(screen.getByRole('heading', { name: 'Database' })).toBeTruthy();
  });
});
