import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, captchaOff } from '../../../tests/support/accounts.js';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import { askQuestion } from '../../../tests/support/factories.js';

let app: TestApp;
let token: string;
let qid: string;
let cid: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  token = await adminToken(app);
  qid = await askQuestion(app, token, { title: 'Fuzzing the comments', content: 'Comments get random input.', tags: ['fuzz'] });
  cid = (await app.call('POST', '/answer/api/v1/comment', { token, body: { object_id: qid, original_text: 'A comment to aim at' } })).body
    .data.comment_id;
});
afterAll(async () => app.stop());

const V1 = '/answer/api/v1';
const anyId = () =>
  fc.oneof(fc.constantFrom(qid, cid, '10070000000099999', '', '0', '1'.repeat(40)), fc.string({ maxLength: 40 }), fc.anything());

describe('malformed input to the comment, reaction and comment-vote endpoints', () => {
  it('bodies never answer 500', async () => {
    const body = fc.oneof(
      fc.anything(),
      fc.record(
        {
          object_id: anyId(),
          comment_id: anyId(),
          original_text: fc.oneof(fc.string({ maxLength: 700 }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.anything()),
          reply_comment_id: anyId(),
          mention_username_list: fc.oneof(fc.array(fc.string({ maxLength: 30 }), { maxLength: 60 }), fc.anything()),
          emoji: fc.oneof(fc.constantFrom('heart', 'smile', 'frown', 'rocket'), fc.anything()),
          reaction: fc.oneof(fc.constantFrom('activate', 'deactivate', 'toggle'), fc.anything()),
          is_cancel: fc.oneof(fc.boolean(), fc.anything()),
        },
        { requiredKeys: [] },
      ),
    );
    const targets: [string, string][] = [
      ['POST', `${V1}/comment`],
      ['PUT', `${V1}/comment`],
      ['DELETE', `${V1}/comment`],
      ['PUT', `${V1}/meta/reaction`],
      ['POST', `${V1}/vote/up`],
      ['POST', `${V1}/vote/down`],
    ];
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        for (const [method, path] of targets) {
          const r = await app.call(method, path, { token, body: JSON.stringify(b) ?? 'null' });
          expect(r.status).toBeLessThan(500);
          expect(r.body).toEqual(expect.objectContaining({ code: r.status, reason: expect.any(String) }));
        }
      }),
      { numRuns: 30 },
    );
  });

  it('queries never answer 500', async () => {
    const value = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(qid, cid, 'vote', 'created_at', '-1', '1e9', '[]'));
    await fc.assert(
      fc.asyncProperty(value, value, value, async (a, b, c) => {
        const e = encodeURIComponent;
        for (const path of [
          `${V1}/comment/page?object_id=${e(a)}&comment_id=${e(b)}&query_cond=${e(c)}&page=${e(b)}&page_size=${e(c)}`,
          `${V1}/comment/page?object_id=${e(a)}&object_id=${e(b)}`,
          `${V1}/comment?id=${e(a)}`,
          `${V1}/personal/comment/page?username=${e(a)}&page=${e(b)}&page_size=${e(c)}`,
          `${V1}/meta/reaction?object_id=${e(a)}`,
        ]) {
          for (const auth of [undefined, token]) {
            const r = await app.call('GET', path, { token: auth });
            expect(r.status).toBeLessThan(500);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
