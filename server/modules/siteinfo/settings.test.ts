import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminToken } from '../../../tests/support/accounts.js';
import { startSmtp } from '../../../tests/support/smtp.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { readConfigValue } from '../config/config.repository.js';
import { saveGroupJson } from '../config/site-info.repository.js';

let app: TestApp;
let admin: string;
beforeEach(async () => {
  app = await startTestApp();
  admin = await adminToken(app);
});
afterEach(async () => app.stop());

const A = '/answer/admin/api';

describe('setting/smtp', () => {
  it('masks the password and keeps it when the masked value comes back', async () => {
    const body = {
      from_email: 'site@example.com',
      from_name: 'Site',
      smtp_host: 'mail.example.com',
      smtp_port: 587,
      smtp_username: 'u',
      smtp_password: 'secret',
      smtp_authentication: true,
      encryption: 'TLS',
    };
    expect((await app.call('PUT', `${A}/setting/smtp`, { token: admin, body })).status).toBe(200);
    const got = await app.call('GET', `${A}/setting/smtp`, { token: admin });
    expect(got.body.data).toMatchObject({ smtp_host: 'mail.example.com', smtp_port: 587, smtp_password: '******', encryption: 'TLS' });
    await app.call('PUT', `${A}/setting/smtp`, { token: admin, body: { ...body, smtp_port: 2525, smtp_password: '******' } });
    const stored = JSON.parse(await readConfigValue(app.lantern.ctx.db, 'email.config'));
    expect(stored).toMatchObject({ smtp_port: 2525, smtp_password: 'secret' });
  });

  it.each([
    [{ smtp_port: 0 }, 'smtp_port', 'SMTP port must be between 1 and 65535.'],
    [{ smtp_port: 70000 }, 'smtp_port', 'SMTP port must be between 1 and 65535.'],
    [{ smtp_port: 25, from_name: 'me@example.com' }, 'from_name', 'The from name cannot be a email address.'],
    [{ smtp_port: 25, encryption: 'STARTTLS' }, 'encryption', 'Encryption must be one of: SSL, TLS.'],
    [{ smtp_port: 25, from_email: 'nope' }, 'from_email', 'Invalid Email Address.'],
  ])('refuses %j on %s', async (body, field, message) => {
    const r = await app.call('PUT', `${A}/setting/smtp`, { token: admin, body });
    expect(r.status).toBe(400);
    expect(r.body.data).toContainEqual({ error_field: field, error_msg: message });
  });

  it('sends a test mail through a real SMTP server', async () => {
    const smtp = await startSmtp();
    try {
      const r = await app.call('PUT', `${A}/setting/smtp`, {
        token: admin,
        body: {
          from_email: 'site@example.com',
          from_name: 'Site',
          smtp_host: '127.0.0.1',
          smtp_port: smtp.port,
          smtp_authentication: false,
          encryption: '',
          test_email_recipient: 'check@example.com',
        },
      });
      expect(r.status).toBe(200);
      const mail = await smtp.waitFor('check@example.com');
      expect(mail.raw).toMatch(/Subject: \[Test Site\] Test email/);
    } finally {
      await smtp.close();
    }
  });

  it('reports a failed test mail as an alert but keeps the settings', async () => {
    const r = await app.call('PUT', `${A}/setting/smtp`, {
      token: admin,
      body: { smtp_host: '127.0.0.1', smtp_port: 1, smtp_authentication: false, test_email_recipient: 'check@example.com' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ reason: 'error.email.send_failed', data: { err_type: 'alert' } });
    expect(JSON.parse(await readConfigValue(app.lantern.ctx.db, 'email.config')).smtp_port).toBe(1);
  });
});

describe('setting/privileges', () => {
  it('lists levels 1-3 and custom with level 2 selected after install', async () => {
    const r = await app.call('GET', `${A}/setting/privileges`, { token: admin });
    expect(r.body.data.selected_level).toBe(2);
    expect(r.body.data.options.map((o: { level: number }) => o.level)).toEqual([1, 2, 3, 99]);
    const l3 = r.body.data.options[2].privileges.find((p: { key: string }) => p.key === 'rank.question.vote_up');
    expect(l3).toEqual({ key: 'rank.question.vote_up', label: 'Upvote question', value: 15 });
  });

  it('writes the chosen level into the rank config rows', async () => {
    expect((await app.call('PUT', `${A}/setting/privileges`, { token: admin, body: { level: 3 } })).status).toBe(200);
    expect(await readConfigValue(app.lantern.ctx.db, 'rank.question.vote_up')).toBe('15');
    await app.call('PUT', `${A}/setting/privileges`, {
      token: admin,
      body: { level: 99, custom_privileges: [{ key: 'rank.question.vote_up', value: 42 }] },
    });
    expect(await readConfigValue(app.lantern.ctx.db, 'rank.question.vote_up')).toBe('42');
    expect(await readConfigValue(app.lantern.ctx.db, 'rank.tag.add')).toBe('1');
    const r = await app.call('GET', `${A}/setting/privileges`, { token: admin });
    expect(r.body.data.selected_level).toBe(99);
  });

  it('refuses values below 1 and unknown levels', async () => {
    const low = await app.call('PUT', `${A}/setting/privileges`, {
      token: admin,
      body: { level: 99, custom_privileges: [{ key: 'rank.tag.add', value: 0 }] },
    });
    expect(low.body.data).toContainEqual({
      error_field: 'custom_privileges.0.value',
      error_msg: 'Custom privileges.0.value must be 1 or greater.',
    });
    const level = await app.call('PUT', `${A}/setting/privileges`, { token: admin, body: { level: 4 } });
    expect(level.body.data[0].error_field).toBe('level');
  });
});

describe('stored values PUT would refuse (an older or imported site)', () => {
  /** Stores a group's JSON as it is, as another build or an import may have left it. */
  const store = async (type: string, value: unknown) => {
    await saveGroupJson(app.lantern.ctx.db, type, value, app.lantern.ctx.clock.now());
    app.lantern.ctx.settings.invalidate();
  };

  it('GET siteinfo/theme gives an unknown colour scheme as the default and only the string theme_config values, which PUT takes back', async () => {
    await store('theme', {
      theme: 'default',
      color_scheme: 'sepia',
      theme_config: { default: { navbar_style: 'light', primary_color: 7 }, old: 'x' },
    });
    const { theme_options: _options, ...got } = (await app.call('GET', `${A}/siteinfo/theme`, { token: admin })).body.data;
    expect(got).toEqual({ theme: 'default', color_scheme: '', theme_config: { default: { navbar_style: 'light' } } });
    expect((await app.call('PUT', `${A}/siteinfo/theme`, { token: admin, body: got })).status).toBe(200);
  });

  it('GET setting/privileges gives an unknown stored level as the default level 2', async () => {
    await store('privileges', { level: 7 });
    const r = await app.call('GET', `${A}/setting/privileges`, { token: admin });
    expect(r.body.data.selected_level).toBe(2);
    expect((await app.call('PUT', `${A}/setting/privileges`, { token: admin, body: { level: r.body.data.selected_level } })).status).toBe(
      200,
    );
  });
});

describe('malformed bodies to every settings PUT', () => {
  const paths = ['general', 'interface', 'branding', 'write', 'legal', 'seo', 'login', 'custom-css-html', 'theme', 'users']
    .map((g) => `${A}/siteinfo/${g}`)
    .concat([`${A}/setting/smtp`, `${A}/setting/privileges`]);
  it.each(paths)('PUT %s never answers 500', async (path) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.anything(), fc.dictionary(fc.string({ maxLength: 30 }), fc.anything())), async (b) => {
        const r = await app.call('PUT', path, { token: admin, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
      }),
      { numRuns: 20 },
    );
  });
});
