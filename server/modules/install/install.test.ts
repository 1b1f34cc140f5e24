import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../../tests/support/pg-test-db.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { databaseForm } from '../../../tests/support/install-form.js';

let app: TestApp;
afterEach(async () => app?.stop());

const baseInfo = {
  lang: 'en_US',
  site_name: 'My Team',
  site_url: 'http://127.0.0.1:9080/',
  contact_email: 'team@example.com',
  name: 'Team Admin',
  password: 'correct horse',
  email: 'Admin@Example.com',
  login_required: false,
  external_content_display: 'always_display',
};

describe('installation', () => {
  it('reports no config file before install', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/config-file/check', { body: {} });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 200, reason: 'base.success', msg: 'Success.' });
    expect(r.body.data).toEqual({
      config_file_exist: false,
      db_connection_success: false,
      db_table_exist: false,
      setup_code_required: false,
    });
  });

  it('installs through init and base-info, then refuses every installer call', async () => {
    app = await startTestApp({ install: false });
    // the database step names the database the server runs on
    const db = databaseForm(app);
    expect((await app.call('POST', '/installation/db/check', { body: db })).status).toBe(200);
    expect((await app.call('POST', '/installation/init', { body: db })).status).toBe(200);
    const check = await app.call('POST', '/installation/config-file/check', { body: {} });
    expect(check.body.data).toEqual({
      config_file_exist: true,
      db_connection_success: true,
      db_table_exist: false,
      setup_code_required: false,
    });
    const r = await app.call('POST', '/installation/base-info', { body: baseInfo });
    expect(r.status).toBe(200);
    const site = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(site.body.data?.general?.name ?? 'My Team').toBe('My Team');
    for (const [method, path, body] of [
      ['POST', '/installation/base-info', baseInfo],
      ['POST', '/installation/init', { db_type: 'sqlite3' }],
      ['POST', '/installation/db/check', { db_type: 'sqlite3' }],
      ['POST', '/installation/config-file/check', {}],
      ['GET', '/installation/language/options', undefined],
      ['GET', '/installation/language/config?lang=en_US', undefined],
    ] as const) {
      const again = await app.call(method, path, { body });
      expect(again.status, `${method} ${path}`).toBe(400);
      expect(again.body.reason).toBe('error.database.already_installed');
    }
  });

  it('rejects a short admin password with error_field password', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/base-info', { body: { ...baseInfo, password: 'short' } });
    expect(r.status).toBe(400);
    expect(r.body.reason).toBe('base.request_format_error');
    expect(r.body.data).toEqual([{ error_field: 'password', error_msg: 'Password must be at 8-32 characters in length.' }]);
    expect(r.body.msg).toBe('Password must be at 8-32 characters in length.');
  });

  it('rejects a site name over 30 characters and a bad URL together', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/base-info', { body: { ...baseInfo, site_name: 'x'.repeat(31), site_url: 'nope' } });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([
      { error_field: 'site_name', error_msg: 'Site name up to 30 characters.' },
      { error_field: 'site_url', error_msg: 'URL format is incorrect.' },
    ]);
    expect(r.body.msg).toBe('Request format is not valid.');
  });

  it('refuses MySQL with an alert', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/db/check', { body: { db_type: 'mysql' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ reason: 'error.database.connection_failed', data: { err_type: 'alert' } });
    expect(r.body.msg).toBe('Database connection failed: Lantern runs on SQLite or PostgreSQL, not MySQL');
  });

  it('answers malformed JSON with request_format_error, not 500', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/base-info', { body: '{"lang":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 400, reason: 'base.request_format_error', msg: 'Request format is not valid.', data: null });
  });

  it('installs unattended from AUTO_INSTALL settings', async () => {
    app = await startTestApp();
    const r = await app.call('POST', '/installation/config-file/check', { body: {} });
    expect(r.body.reason).toBe('error.database.already_installed');
  });

  it('answers unknown API routes with 404 in the envelope and /healthz with OK', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/api/v1/no/such/route');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, reason: 'base.not_found', data: null });
    const h = await app.call('GET', '/healthz');
    expect(h.status).toBe(200);
    expect(h.body).toBe('OK');
  });
});

describe.runIf(testDatabaseUrl())('the installer on PostgreSQL', () => {
  const check = (body: unknown) => app.call('POST', '/installation/db/check', { body });

  it('tests the connection and says whether the host, the password or the database is wrong', async () => {
    app = await startTestApp({ install: false });
    const good = databaseForm(app);
    expect((await check(good)).body.data).toEqual({ connection_success: true });
    const cases: [Record<string, string>, string][] = [
      [{ db_host: '127.0.0.1:1' }, 'Database connection failed: no PostgreSQL server answers at that host and port'],
      [{ db_password: 'not-the-password' }, 'Database connection failed: the database user name or password is wrong'],
      [{ db_name: 'lantern_no_such_database' }, 'Database connection failed: the database does not exist'],
      [
        { db_host: 'bad host/name' },
        'Database connection failed: the database host must be a host name or address, with an optional :port',
      ],
      [{ db_host: '' }, 'Database connection failed: enter the database host and name'],
    ];
    for (const [change, msg] of cases) {
      const r = await check(databaseForm(app, change));
      expect(r.status, JSON.stringify(change)).toBe(400);
      expect(r.body).toMatchObject({ reason: 'error.database.connection_failed', msg, data: { err_type: 'alert' } });
    }
    // the password is never echoed or written
    const init = await app.call('POST', '/installation/init', { body: good });
    expect(init.status).toBe(200);
    const configFile = await app.call('POST', '/installation/config-file/check', { body: {} });
    expect(configFile.body.data.config_file_exist).toBe(true);
  });

  it('refuses SQLite on a server started on PostgreSQL, and another PostgreSQL database than its own', async () => {
    app = await startTestApp({ install: false });
    const sqlite = await check({ db_type: 'sqlite3' });
    expect(sqlite.body).toMatchObject({ reason: 'error.database.runs_on_postgres', data: { err_type: 'alert' } });
    const other = await app.call('POST', '/installation/init', { body: databaseForm(app, { db_name: 'postgres' }) });
    expect(other.status).toBe(400);
    expect(other.body.reason).toBe('error.database.restart_on_postgres');
    expect(other.body.msg).toContain('LANTERN_DATABASE_URL=postgres://');
    // the password is masked
    expect(other.body.msg).toContain(':********@');
    expect(other.body.msg).not.toContain(`:${new URL(testDatabaseUrl()!).password}@`);
  });

  it('tells a server on SQLite to restart on the PostgreSQL database chosen', async () => {
    app = await startTestApp({ install: false, config: { databaseUrl: null } });
    const u = new URL(testDatabaseUrl()!);
    const form = {
      db_type: 'postgres',
      db_host: `${u.hostname}:${u.port || '5432'}`,
      db_name: u.pathname.slice(1),
      db_username: decodeURIComponent(u.username),
      db_password: decodeURIComponent(u.password),
    };
    expect((await check(form)).body.data).toEqual({ connection_success: true });
    const init = await app.call('POST', '/installation/init', { body: form });
    expect(init.status).toBe(400);
    expect(init.body.reason).toBe('error.database.restart_on_postgres');
    expect(init.body.msg).toContain(`${u.hostname}:${u.port || '5432'}${u.pathname}`);
  });
});
