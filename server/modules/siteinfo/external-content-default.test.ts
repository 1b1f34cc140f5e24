import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { loadConfig } from '../../config.js';
import { BASE_INFO, databaseForm } from '../../../tests/support/install-form.js';

let app: TestApp;
afterEach(async () => app?.stop());

const AUTO = {
  AUTO_INSTALL: 'true',
  SITE_NAME: 'Team',
  SITE_URL: 'http://127.0.0.1:9080',
  CONTACT_EMAIL: 'team@example.com',
  ADMIN_NAME: 'admin',
  ADMIN_PASSWORD: 'a long password',
  ADMIN_EMAIL: 'admin@example.com',
};

describe('external content on a new site', () => {
  it('is asked before display when the installer is not told otherwise', async () => {
    app = await startTestApp({ install: false });
    expect((await app.call('POST', '/installation/init', { body: databaseForm(app) })).status).toBe(200);
    const r = await app.call('POST', '/installation/base-info', {
      body: BASE_INFO,
    });
    expect(r.status).toBe(200);
    const site = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(site.body.data.site_legal).toEqual({ external_content_display: 'ask_before_display' });
  });

  it('is asked before display by an unattended install unless EXTERNAL_CONTENT_DISPLAY=always_display', () => {
    expect(loadConfig([], AUTO).autoInstall?.externalContentDisplay).toBe('ask_before_display');
    expect(loadConfig([], { ...AUTO, EXTERNAL_CONTENT_DISPLAY: 'always_display' }).autoInstall?.externalContentDisplay).toBe(
      'always_display',
    );
  });

  it('stays as an existing site stored it', async () => {
    // the test template's site was installed with always_display
    app = await startTestApp();
    const site = await app.call('GET', '/answer/api/v1/siteinfo');
    expect(site.body.data.site_legal).toEqual({ external_content_display: 'always_display' });
  });
});
