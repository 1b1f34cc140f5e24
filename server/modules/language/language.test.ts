import { afterEach, describe, expect, it } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
afterEach(async () => app.stop());

describe('GET language/options', () => {
  it('offers "Default" first when the site has an interface language, as the reference', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/api/v1/language/options');
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toEqual({ label: 'Default', value: 'Default' });
    expect(r.body.data.slice(1)).toContainEqual({ label: 'English', value: 'en_US', progress: 100 });
    expect(r.body.data.filter((o: { value: string }) => o.value === 'Default')).toHaveLength(1);
    // the admin's list is the languages the site can be set to, without "Default"
    const admin = await app.call('GET', '/answer/admin/api/language/options', { token: await adminToken(app) });
    expect(admin.body.data.map((o: { value: string }) => o.value)).not.toContain('Default');
    expect(admin.body.data).toEqual(r.body.data.slice(1));
  });

  it('lists only the languages when the site has no interface language', async () => {
    app = await startTestApp();
    const ui = await app.lantern.ctx.settings.get('interface');
    await app.lantern.ctx.settings.put('interface', { ...ui, language: '' });
    const r = await app.call('GET', '/answer/api/v1/language/options');
    expect(r.body.data.map((o: { value: string }) => o.value)).not.toContain('Default');
  });
});
