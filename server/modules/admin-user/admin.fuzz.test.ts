import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

// Malformed input to the admin-user, dashboard, plugin, connector and user-centre endpoints.
let app: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  user = (await makeUser(app)).token;
  for (let i = 0; i < 3; i++) await makeUser(app);
});
afterAll(async () => app.stop());

const A = '/answer/admin/api';
const V1 = '/answer/api/v1';

const anyText = () =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '',
      ' ',
      '1',
      '2',
      '0',
      '-1',
      '1e9',
      '9'.repeat(30),
      'user:2',
      'x@example.com',
      'lantern_captcha',
      'normal',
      'deleted',
      '24h',
      'users',
    ),
  );
const anyValue = () => fc.oneof(anyText(), fc.anything(), fc.integer(), fc.boolean(), fc.constant(null));

describe('malformed input never answers 500', () => {
  it('bodies', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          user_id: anyValue(),
          status: anyValue(),
          suspend_duration: anyValue(),
          remove_all_content: anyValue(),
          role_id: anyValue(),
          display_name: anyValue(),
          username: anyValue(),
          email: anyValue(),
          password: anyValue(),
          users: fc.oneof(
            anyValue(),
            fc
              .array(
                fc.tuple(anyText(), anyText(), anyText()).map((t) => t.join(',')),
                { maxLength: 4 },
              )
              .map((l) => l.join('\n')),
          ),
          type: anyValue(),
          plugin_slug_name: anyValue(),
          enabled: anyValue(),
          config_fields: fc.oneof(anyValue(), fc.dictionary(anyText(), anyValue(), { maxKeys: 5 })),
          binding_key: anyValue(),
          must: anyValue(),
          external_id: anyValue(),
        },
        { requiredKeys: [] },
      ),
    );
    const targets: [string, string][] = [
      ['PUT', `${A}/user/status`],
      ['PUT', `${A}/user/role`],
      ['POST', `${A}/user/activation`],
      ['POST', `${A}/user`],
      ['POST', `${A}/users`],
      ['PUT', `${A}/user/password`],
      ['PUT', `${A}/user/profile`],
      ['DELETE', `${A}/delete/permanently`],
      ['PUT', `${A}/plugin/status`],
      ['PUT', `${A}/plugin/config`],
      ['PUT', `${V1}/user/plugin/config`],
      ['POST', `${V1}/connector/binding/email`],
      ['DELETE', `${V1}/connector/user/unbinding`],
    ];
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        for (const [method, path] of targets) {
          const token = path.startsWith(A) ? admin : user;
          const r = await app.call(method, path, { token, body: JSON.stringify(b) ?? 'null' });
          expect(r.status, `${method} ${path} ${JSON.stringify(b)}`).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('queries', async () => {
    const value = fc.oneof(anyText(), fc.constantFrom('true', 'false', 'active', 'inactive', '[]', '%', '%25', '_'));
    await fc.assert(
      fc.asyncProperty(value, value, value, async (a, b, c) => {
        const e = encodeURIComponent;
        const paths: [string, string | undefined][] = [
          [`${A}/users/page?page=${e(a)}&page_size=${e(b)}&query=${e(c)}&staff=${e(b)}&status=${e(a)}`, admin],
          [`${A}/users/page?query=${e(a)}&query=${e(b)}`, admin],
          [`${A}/user/activation?user_id=${e(a)}`, admin],
          [`${A}/plugins?status=${e(a)}&have_config=${e(b)}`, admin],
          [`${A}/plugin/config?plugin_slug_name=${e(a)}`, admin],
          [`${A}/dashboard?x=${e(a)}`, admin],
          [`${A}/user-center/agent?x=${e(a)}`, admin],
          [`${V1}/user/plugin/config?plugin_slug_name=${e(a)}`, user],
          [`${V1}/user-center/personal/branding?username=${e(a)}`, undefined],
          [`${V1}/connector/login/${e(a) || 'x'}?state=${e(b)}`, undefined],
          [`${V1}/connector/redirect/${e(a) || 'x'}?code=${e(b)}`, undefined],
          [`${V1}/plugin/route/${e(a) || 'x'}/${e(b) || 'y'}`, user],
        ];
        for (const [path, token] of paths) {
          const r = await app.call('GET', path, { token });
          expect(r.status, path).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });
});
