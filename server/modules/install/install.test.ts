import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

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
    expect(r.body.data).toEqual({ config_file_exist: false, db_connection_success: false, db_table_exist: false });
  });

  it('installs through init and base-info, then refuses every installer call', async () => {
    app = await startTestApp({ install: false });
    expect((await app.call('POST', '/installation/db/check', { body: { db_type: 'sqlite3' } })).status).toBe(200);
    expect((await app.call('POST', '/installation/init', { body: { db_type: 'sqlite3' } })).status).toBe(200);
    const check = await app.call('POST', '/installation/config-file/check', { body: {} });
    expect(check.body.data).toEqual({ config_file_exist: true, db_connection_success: true, db_table_exist: false });
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

  it('refuses databases other than SQLite with an alert', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('POST', '/installation/db/check', { body: { db_type: 'mysql' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ reason: 'error.database.connection_failed', data: { err_type: 'alert' } });
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
