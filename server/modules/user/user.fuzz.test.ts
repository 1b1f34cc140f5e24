import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaOff, makeUser } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  token = (await makeUser(app)).token;
});
afterAll(async () => app.stop());

const ENDPOINTS: [string, string][] = [
  ['POST', '/answer/api/v1/user/register/email'],
  ['POST', '/answer/api/v1/user/login/email'],
  ['POST', '/answer/api/v1/user/email/verification'],
  ['POST', '/answer/api/v1/user/email/verification/send'],
  ['POST', '/answer/api/v1/user/password/reset'],
  ['POST', '/answer/api/v1/user/password/replacement'],
  ['POST', '/answer/api/v1/user/email/change/code'],
  ['PUT', '/answer/api/v1/user/email'],
  ['PUT', '/answer/api/v1/user/notification/unsubscribe'],
  ['PUT', '/answer/api/v1/user/password'],
  ['PUT', '/answer/api/v1/user/info'],
  ['PUT', '/answer/api/v1/user/interface'],
  ['PUT', '/answer/api/v1/user/notification/config'],
  ['POST', '/installation/base-info'],
  ['POST', '/installation/db/check'],
];

const body = fc.oneof(
  fc.anything(),
  fc.dictionary(
    fc.constantFrom(
      'name',
      'e_mail',
      'pass',
      'code',
      'old_pass',
      'display_name',
      'username',
      'avatar',
      'bio',
      'website',
      'language',
      'color_scheme',
      'inbox',
      'captcha_id',
      'captcha_code',
      'db_type',
      'site_url',
    ),
    fc.oneof(fc.anything(), fc.string({ maxLength: 2000 })),
  ),
);

describe('malformed bodies to the account and install endpoints', () => {
  it.each(ENDPOINTS)('%s %s never answers 500 and always answers the envelope', async (method, path) => {
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const raw = JSON.stringify(b) ?? 'null';
        const r = await app.call(method, path, { token, body: raw });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String), msg: expect.any(String) }));
      }),
      { numRuns: 25 },
    );
  });

  it('GET user/action/record and permission with random queries never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (q) => {
        for (const path of ['/answer/api/v1/user/action/record?action=', '/answer/api/v1/permission?action=']) {
          const r = await app.call('GET', path + encodeURIComponent(q), { token });
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 40 },
    );
  });
});
