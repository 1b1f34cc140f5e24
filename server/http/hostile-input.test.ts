import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff } from '../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import type { RouteInfo } from '../app.js';

// Malformed input over the whole route table (read from the running app, so every endpoint of
// every module is covered): random JSON bodies and query strings, sent with an admin's token so
// they get past the access check to validation and the services. None may answer 500.

let app: TestApp;
let token: string;
let routes: RouteInfo[];
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  token = await adminToken(app);
  // logging out or the installer's re-install check would change the rest of the run; they are fuzzed in their own modules
  routes = app.lantern
    .routes()
    .filter(
      (r) => !/[:*]/.test(r.path) && r.method !== '_ALL' && !r.path.startsWith('/installation') && r.path !== '/answer/api/v1/user/logout',
    );
});
afterAll(async () => app.stop());

/** Values of the kinds the API's fields take, and the wrong kinds. */
const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.constantFrom('', '0', '-1', '10010000000000001', 'D1E1', 'true', 'null', '[x]', '"', '%', 'a'.repeat(300)),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 2 }),
);
const FIELDS = [
  'id',
  'object_id',
  'question_id',
  'answer_id',
  'comment_id',
  'user_id',
  'tag_id',
  'username',
  'title',
  'content',
  'original_text',
  'tags',
  'page',
  'page_size',
  'order',
  'status',
  'operation',
  'q',
  'type',
  'action',
  'name',
  'e_mail',
  'pass',
];
const body = fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 5 }));
const query = fc.dictionary(
  fc.constantFrom(...FIELDS),
  fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('-1', '0', '99999999999', 'D1E1', '10010000000000001')),
  { maxKeys: 4 },
);

describe('hostile input on every route', () => {
  it('no route answers 500 to random bodies and query strings', async () => {
    expect(routes.length).toBeGreaterThan(150);
    const samples = fc.sample(fc.tuple(body, query), { numRuns: 8, seed: 20261123 });
    const failures: string[] = [];
    for (const r of routes) {
      for (const [b, q] of samples) {
        const qs = new URLSearchParams(Object.entries(q)).toString();
        const res = await app.call(r.method, `${r.path}?${qs}`, {
          token,
          body: r.method === 'GET' ? undefined : (JSON.stringify(b) ?? 'null'),
        });
        if (res.status >= 500)
          failures.push(
            `${r.method} ${r.path}?${qs} ${JSON.stringify(b)?.slice(0, 120)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
