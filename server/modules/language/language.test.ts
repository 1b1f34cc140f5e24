import { afterEach, describe, expect, it } from 'vitest';
import { translationProgress } from '../../contract/locales/coverage.js';
import { adminToken } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
afterEach(async () => app.stop());

type Option = { label: string; value: string; progress?: number };

describe('GET language/options', () => {
  it('offers "Default" first when the site has an interface language, as the reference', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/api/v1/language/options');
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toEqual({ label: 'Default', value: 'Default' });
    expect(r.body.data.filter((o: Option) => o.value === 'Default')).toHaveLength(1);
    // the admin's list is the languages the site can be set to, without "Default"
    const admin = await app.call('GET', '/answer/admin/api/language/options', { token: await adminToken(app) });
    expect(admin.body.data.map((o: Option) => o.value)).not.toContain('Default');
    expect(admin.body.data).toEqual(r.body.data.slice(1));
  });

  it('labels each language with its progress, as the reference: "English (100%)"', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/api/v1/language/options');
    const languages: Option[] = r.body.data.slice(1);
    expect(languages).toContainEqual({ label: 'English (100%)', value: 'en_US', progress: 100 });
    for (const o of languages) {
      expect(Number.isInteger(o.progress), o.value).toBe(true);
      expect(o.label, o.value).toMatch(new RegExp(`^\\S.* \\(${o.progress}%\\)$`));
    }
  });

  it('counts the progress from the shipped texts, not a number written down', async () => {
    app = await startTestApp();
    const r = await app.call('GET', '/answer/admin/api/language/options', { token: await adminToken(app) });
    const zh = (r.body.data as Option[]).find((o) => o.value === 'zh_CN');
    expect(zh).toEqual({ label: `中文(简体) (${translationProgress('zh_CN')}%)`, value: 'zh_CN', progress: translationProgress('zh_CN') });
  });

  it('lists only the languages when the site has no interface language', async () => {
    app = await startTestApp();
    const ui = await app.lantern.ctx.settings.get('interface');
    await app.lantern.ctx.settings.put('interface', { ...ui, language: '' });
    const r = await app.call('GET', '/answer/api/v1/language/options');
    expect(r.body.data.map((o: Option) => o.value)).not.toContain('Default');
  });
});

describe('GET /installation/language/options', () => {
  it('lists the languages with their progress, as language/options does', async () => {
    app = await startTestApp({ install: false });
    const r = await app.call('GET', '/installation/language/options');
    expect(r.status).toBe(200);
    expect(r.body.data).toContainEqual({ label: 'English (100%)', value: 'en_US', progress: 100 });
    expect(r.body.data.map((o: Option) => o.value)).toEqual(['en_US', 'zh_CN']);
  });
});
