import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminToken, captchaOff, makeUser } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { BODY_LIMIT } from './body-limit.js';

// Request bodies are read up to the limit of the route they go to: a small default, larger tiers only
// where a route declares one (post texts, long settings, the bulk user add). A body over its limit is
// refused with 413 while it is read, before anything is parsed; the NUL mapping walks only what the
// schema kept.

const V1 = '/answer/api/v1';
const REGISTER = `${V1}/user/register/email`;
const LOGIN = `${V1}/user/login/email`;

let app: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  member = (await makeUser(app, { rank: 10_000 })).token;
});
afterAll(async () => app.stop());

/** `[{},{},...]` of about `bytes` bytes: parses into some twenty times its size in objects. */
const emptyObjects = (bytes: number) => `[${'{},'.repeat(Math.floor(bytes / 3) - 1)}{}]`;
/** A register form that validates, with `extra` as one more (ignored) field's raw JSON. */
const registerWith = (extra: string, n = 0) =>
  `{"name":"hostile ${n}","e_mail":"hostile${n}@example.com","pass":"password-123","ignored":${extra}}`;

/** POSTs raw text as JSON, streamed in chunks when `chunked` (no content-length: the limit counts while reading). */
async function post(path: string, text: string, opts: { chunked?: boolean; token?: string; method?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.authorization = opts.token;
  const data = Buffer.from(text);
  const body = opts.chunked
    ? new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < data.length; i += 16 * 1024) c.enqueue(data.subarray(i, i + 16 * 1024));
          c.close();
        },
      })
    : data;
  const res = await fetch(app.url + path, { method: opts.method ?? 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, body: (await res.json()) as { code: number; reason: string; msg: string; data: unknown } };
}

describe('the default body limit', () => {
  it('refuses a 300 KB login or register body with 413 in the envelope, before parsing it', async () => {
    // not even JSON: a parse would answer 400, the limit answers first
    const notJson = `{"e_mail":"a@example.com","pass":"${'x'.repeat(300 * 1024)}`;
    for (const path of [LOGIN, REGISTER])
      for (const chunked of [false, true]) {
        const r = await post(path, notJson, { chunked });
        expect(r.status, `${path} chunked=${chunked}`).toBe(413);
        expect(r.body).toEqual({ code: 413, reason: 'base.payload_too_large', msg: 'The request is too large.', data: null });
      }
    // just under the limit it is parsed (and refused as a malformed body)
    const under = await post(LOGIN, `{"e_mail":"a@example.com","pass":"${'x'.repeat(BODY_LIMIT.default - 100)}`);
    expect(under.status).toBe(400);
  });

  it('refuses a valid register form with a 1.9 MB ignored field with 413, and registers nobody', async () => {
    const r = await post(REGISTER, registerWith(emptyObjects(1.9 * 1024 * 1024)));
    expect(r.status).toBe(413);
    const row = await app.lantern.ctx.db.selectFrom('user').select('id').where('e_mail', '=', 'hostile0@example.com').executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps the process serving through hostile registers sent at once', async () => {
    const before = process.memoryUsage().heapUsed;
    // four over the limit (the attack that exhausted a 192 MB heap) and sixteen just under it, all at once
    const over = Array.from({ length: 4 }, (_, i) => post(REGISTER, registerWith(emptyObjects(1.9 * 1024 * 1024), i + 1)));
    const under = Array.from({ length: 16 }, (_, i) => post(REGISTER, registerWith(emptyObjects(BODY_LIMIT.default - 200), i + 10)));
    const health = fetch(`${app.url}/healthz`).then((r) => r.status);
    const results = await Promise.all([...over, ...under]);
    expect(results.slice(0, 4).map((r) => r.status)).toEqual([413, 413, 413, 413]);
    // the ones under the limit are read and answered (registered, or refused by the attempt limits)
    const read = results.slice(4).map((r) => r.status);
    expect(read.filter((s) => s === 413 || s >= 500)).toEqual([]);
    expect(read).toContain(200);
    expect(await health).toBe(200);
    // the bodies over the limit were never parsed: 4 x 1.9 MB of `{}` would be some 170 MB of objects
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('routes with a larger limit', () => {
  it('accept a question and an answer at the content limit (65535 characters of 3 UTF-8 bytes each)', async () => {
    const content = '字'.repeat(65535);
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(BODY_LIMIT.default);
    const id = await askQuestion(app, member, { content });
    const q = await app.call('GET', `${V1}/question/info?id=${id}`, { token: member });
    expect(q.body.data.content).toBe(content);
    const a = await app.call('POST', `${V1}/answer`, { token: admin, body: { question_id: id, content } });
    expect(a.status).toBe(200);
    // the same body on a route with the default limit is refused
    expect((await post(`${V1}/comment`, JSON.stringify({ object_id: id, original_text: content }), { token: member })).status).toBe(413);
  });

  it('accept content whose JSON escapes every character (6 bytes each)', async () => {
    const content = `${'\u0001'.repeat(65000)} lantern`;
    expect(Buffer.byteLength(JSON.stringify({ content }))).toBeGreaterThan(6 * 65000);
    const r = await app.call('POST', `${V1}/post/render`, { token: member, body: { content } });
    expect(r.status).toBe(200);
  });

  it('accept custom CSS and HTML at their limits', async () => {
    // CSS-like text (a run of 65536 letters would send the test's secrets scan into a slow regex)
    const big = '.q{color:red;}\n'.repeat(65536 / 16);
    const body = { custom_head: big, custom_css: big, custom_header: big, custom_footer: big, custom_sidebar: big };
    const r = await app.call('PUT', '/answer/admin/api/siteinfo/custom-css-html', { token: admin, body });
    expect(r.status).toBe(200);
    const back = await app.call('GET', '/answer/admin/api/siteinfo/custom-css-html', { token: admin });
    expect(back.body.data.custom_sidebar).toBe(big);
  });

  it('still refuse a body over their own limit', async () => {
    const r = await post(`${V1}/answer`, JSON.stringify({ question_id: '1', content: 'x'.repeat(BODY_LIMIT.post + 1) }), { token: member });
    expect(r.status).toBe(413);
  });
});

describe('what validation walks', () => {
  it('maps NULs in the fields the schema keeps', async () => {
    const id = await askQuestion(app, member, {
      title: 'A title with a NUL \u0000 inside it',
      content: 'text \u0000 here',
      ignored: '\u0000',
    });
    const q = await app.call('GET', `${V1}/question/info?id=${id}`, { token: member });
    expect(q.body.data.title).toBe('A title with a NUL \ufffd inside it');
    expect(q.body.data.content).toBe('text \ufffd here');
  });

  it('answers input nested 60,000 deep without a crash: ignored, or refused where the schema keeps it', async () => {
    const deep = `${'['.repeat(60_000)}${']'.repeat(60_000)}`;
    const reg = await post(REGISTER, registerWith(deep, 99));
    expect(reg.status).toBe(200);
    // plugin settings keep any value: one nested too deep is refused, not stored
    const cfg = await post('/answer/admin/api/plugin/config', `{"plugin_slug_name":"lantern_captcha","config_fields":{"a":${deep}}}`, {
      token: admin,
      method: 'PUT',
    });
    expect(cfg.status).toBe(400);
    expect(cfg.body.reason).toBe('base.request_format_error');
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });
});

/** The max lengths of a JSON schema's strings (one item of each array, the longest of alternatives). */
function longTexts(js: Record<string, any>, depth = 0): number[] {
  if (depth > 12 || !js) return [];
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives)
    return alternatives
      .map((a: Record<string, any>) => longTexts(a, depth + 1))
      .reduce((a: number[], b: number[]) => (b.reduce((x, y) => x + y, 0) > a.reduce((x, y) => x + y, 0) ? b : a), []);
  if (js.type === 'string') return js.maxLength ? [js.maxLength] : [];
  if (js.type === 'array') return longTexts(js.items ?? {}, depth + 1);
  return Object.values((js.properties ?? {}) as Record<string, Record<string, any>>).flatMap((p) => longTexts(p, depth + 1));
}

const ASCII_ONLY = ['POST /answer/admin/api/users'];

describe('the declared limits', () => {
  it('are declared by every route whose body holds a long text, and hold its texts at their length', () => {
    const problems: string[] = [];
    for (const r of app.lantern.routes()) {
      if (r.input?.source !== 'body') continue;
      const texts = longTexts(z.toJSONSchema(r.input.schema, { io: 'input', unrepresentable: 'any' }) as Record<string, any>);
      const limit = r.bodyLimit ?? BODY_LIMIT.default;
      const long = texts.filter((n) => n > 10_000);
      // each text at its length in ASCII, the longest also at 3 bytes a character (UTF-8 of most scripts)
      // (the bulk user add is lines of ASCII display names and e-mail addresses: 2,000,000 characters in 2 MB)
      const needs = texts.reduce((a, b) => a + b, 0) + (ASCII_ONLY.includes(`${r.method} ${r.path}`) ? 0 : 2 * Math.max(0, ...long));
      if (long.length > 0 && r.bodyLimit === undefined)
        problems.push(`${r.method} ${r.path} takes ${long.join(', ')} characters and declares no limit`);
      else if (needs > limit) problems.push(`${r.method} ${r.path} needs ${needs} bytes, has ${limit}`);
    }
    expect(problems).toEqual([]);
  });
});
