import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  token = await adminToken(app);
});
afterAll(async () => app.stop());

describe('malformed input to the question and render endpoints', () => {
  it('POST question and post/render never answer 500', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          title: fc.oneof(fc.string({ maxLength: 200 }), fc.anything()),
          content: fc.oneof(fc.string({ maxLength: 500 }), fc.anything()),
          tags: fc.oneof(fc.array(fc.record({ slug_name: fc.string({ maxLength: 40 }) }), { maxLength: 6 }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        for (const path of ['/answer/api/v1/question', '/answer/api/v1/post/render']) {
          const r = await app.call('POST', path, { token, body: JSON.stringify(b) ?? 'null' });
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('GET question/info and question/page with random queries never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 80 }), fc.string({ maxLength: 20 }), async (a, b) => {
        for (const path of [
          `/answer/api/v1/question/info?id=${encodeURIComponent(a)}`,
          `/answer/api/v1/question/page?order=${encodeURIComponent(b)}&page=${encodeURIComponent(a)}&tag=${encodeURIComponent(a)}&in_days=${encodeURIComponent(b)}`,
        ]) {
          const r = await app.call('GET', path);
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  });
});
