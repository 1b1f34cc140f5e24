import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';

let app: TestApp;
let token: string;
let tagId: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  token = await adminToken(app);
  await app.call('POST', '/answer/api/v1/tag', { token, body: { slug_name: 'fuzz', display_name: 'Fuzz' } });
  tagId = (await app.lantern.ctx.db.selectFrom('tag').select('id').where('slug_name', '=', 'fuzz').executeTakeFirstOrThrow()).id;
});
afterAll(async () => app.stop());

const V1 = '/answer/api/v1';
const anyId = () => fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constantFrom('10030000000000001', '0', '', '1'), fc.anything());

describe('malformed input to the tag endpoints', () => {
  it('write endpoints never answer 500', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          slug_name: fc.oneof(fc.string({ maxLength: 40 }), fc.anything()),
          display_name: fc.oneof(fc.string({ maxLength: 40 }), fc.anything()),
          original_text: fc.oneof(fc.string({ maxLength: 100 }), fc.anything()),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          tag_id: fc.oneof(anyId(), fc.constant(tagId)),
          slug_name: fc.string({ maxLength: 40 }),
          display_name: fc.string({ maxLength: 40 }),
          original_text: fc.string({ maxLength: 60 }),
          edit_summary: fc.anything(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          tag_id: fc.oneof(anyId(), fc.constant(tagId)),
          synonym_tag_list: fc.oneof(
            fc.array(
              fc.record(
                { slug_name: fc.oneof(fc.string({ maxLength: 40 }), fc.anything()), display_name: fc.anything() },
                { requiredKeys: [] },
              ),
              { maxLength: 4 },
            ),
            fc.anything(),
          ),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { source_tag_id: fc.oneof(anyId(), fc.constant(tagId)), target_tag_id: fc.oneof(anyId(), fc.constant(tagId)) },
        { requiredKeys: [] },
      ),
    );
    const routes: [string, string][] = [
      ['POST', '/tag'],
      ['PUT', '/tag'],
      ['DELETE', '/tag'],
      ['POST', '/tag/recover'],
      ['PUT', '/tag/synonym'],
      ['POST', '/tag/merge'],
    ];
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom(...routes), async (b, [method, path]) => {
        const r = await app.call(method, `${V1}${path}`, { token, body: JSON.stringify(b) ?? 'null' });
        expect(r.status).toBeLessThan(500);
        expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
      }),
      { numRuns: 120 },
    );
  });

  it('read endpoints with random queries never answer 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 50 }), fc.string({ maxLength: 12 }), async (a, b) => {
        const e = encodeURIComponent;
        for (const path of [
          `/tags/page?page=${e(b)}&page_size=${e(a)}&slug_name=${e(a)}&display_name=${e(a)}&query_cond=${e(b)}`,
          `/tag?id=${e(a)}&name=${e(a)}`,
          `/tag?tag_id=${e(a)}&tag_name=${e(b)}&name[]=${e(a)}`,
          `/tags?tags=${e(a)}&tags=${e(b)}`,
          `/tag/synonyms?tag_id=${e(a)}`,
          `/question/tags?tag=${e(a)}`,
          `/tags/following`,
        ]) {
          const r = await app.call('GET', `${V1}${path}`, { token });
          expect(r.status).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
  });
});
