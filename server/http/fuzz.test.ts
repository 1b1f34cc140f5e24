import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminToken, captchaOff } from '../../tests/support/accounts.js';
import { askQuestion } from '../../tests/support/factories.js';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import type { RouteInfo } from '../app.js';

// Property-based hostile input, per endpoint, derived from the endpoint's own zod schema (read from
// the running app's route table, so a new endpoint is fuzzed the day it is added): values of the
// declared kinds near and past their limits, wrong types, missing and extra fields, huge and odd
// unicode strings, numbers out of range, ids of other kinds of object, path traversal in names.
// Then every body route with wrong content types, truncated and oversized bodies. An admin sends
// them all (every guard passes, so validation and the services see the input). Never a 500; the
// server answers afterwards and PRAGMA integrity_check stays ok.

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  anyOf?: Json[];
  oneOf?: Json[];
};

let app: TestApp;
let admin: string;
/** Ids of every kind of object, to send where another kind is expected. */
const ids: string[] = [];

const TRAVERSAL = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.png',
  'uploads/../../lantern.db',
];
const ODD = [
  '\u0000',
  '\u202eevil\u202c',
  '\uD800',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  '𝕏'.repeat(3000),
  'ﷺ'.repeat(500),
  ' \t\n ',
  '',
  "' OR 1=1 --",
  '"; DROP TABLE user; --',
  '${7*7}{{7*7}}',
  '%s%n%x',
];
const HUGE = ['a'.repeat(70_000), 'ü'.repeat(40_000)];
const NUMBERS = [-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 0.5, -0];

const hostileString = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom(...TRAVERSAL, ...ODD, ...HUGE),
    fc.constantFrom(...ids),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
  );

const wrongKind: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.constant([]),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.constantFrom(...NUMBERS.map(String)),
);

/** An arbitrary for a JSON schema: mostly values of the declared kind (valid and past the limits), sometimes the wrong kind. */
function arbFor(js: Json, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return wrongKind;
  const members = js.anyOf ?? js.oneOf;
  if (members) return fc.oneof(...members.map((m) => arbFor(m, depth + 1)), wrongKind);
  if (js.const !== undefined) return fc.oneof({ weight: 3, arbitrary: fc.constant(js.const) }, { weight: 1, arbitrary: hostileString() });
  if (js.enum)
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...js.enum) },
      { weight: 1, arbitrary: hostileString() },
      { weight: 1, arbitrary: wrongKind },
    );
  if (Array.isArray(js.type)) return fc.oneof(...js.type.map((t) => arbFor({ ...js, type: t }, depth + 1)));
  switch (js.type) {
    case 'string': {
      const max = Math.min(js.maxLength ?? 200, 2000);
      const valid = fc.string({ minLength: Math.min(js.minLength ?? 0, max), maxLength: max, unit: 'grapheme-composite' });
      const edges = fc.constantFrom('x'.repeat(Math.max(0, (js.minLength ?? 1) - 1)), 'y'.repeat((js.maxLength ?? 200) + 1));
      return fc.oneof(
        { weight: 3, arbitrary: valid },
        { weight: 1, arbitrary: edges },
        { weight: 3, arbitrary: hostileString() },
        { weight: 1, arbitrary: wrongKind },
      );
    }
    case 'integer':
    case 'number': {
      const min = js.minimum ?? -(2 ** 31);
      const max = js.maximum ?? 2 ** 31;
      const valid =
        js.type === 'integer'
          ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
          : fc.double({ min, max, noNaN: true });
      const past = fc.constantFrom(min - 1, max + 1, ...NUMBERS);
      return fc.oneof(
        { weight: 3, arbitrary: valid },
        { weight: 2, arbitrary: past },
        { weight: 1, arbitrary: past.map(String) },
        { weight: 1, arbitrary: wrongKind },
      );
    }
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes'), wrongKind);
    case 'array': {
      const item = arbFor(js.items ?? {}, depth + 1);
      const max = Math.min(js.maxItems ?? 5, 8);
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(item, { maxLength: max }) },
        { weight: 1, arbitrary: fc.array(item, { minLength: max + 1, maxLength: max + 3 }) },
        { weight: 1, arbitrary: wrongKind },
      );
    }
    case 'object': {
      const props = js.properties ?? {};
      const required = (js.required ?? []).filter((k) => k in props);
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbFor(v, depth + 1)])), {
        requiredKeys: required,
      });
      // required fields mostly present, sometimes one or two missing; sometimes fields nobody declared
      const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'user_id', 'id', 'role_id', 'is_admin', 'zz'), wrongKind, {
        maxKeys: 2,
      });
      const drop =
        required.length > 0
          ? fc.oneof(
              { weight: 3, arbitrary: fc.constant([] as string[]) },
              { weight: 1, arbitrary: fc.subarray(required, { maxLength: Math.min(2, required.length) }) },
            )
          : fc.constant([] as string[]);
      return fc.tuple(record, fc.boolean(), extra, drop).map(([r, addExtra, x, dropped]) => {
        const out: Record<string, unknown> = Object.fromEntries(
          Object.entries(r as Record<string, unknown>).filter(([k]) => !dropped.includes(k)),
        );
        return addExtra ? { ...out, ...x } : out;
      });
    }
    default:
      return fc.oneof(wrongKind, hostileString());
  }
}

/** The JSON schema of a route's input (as the client sends it). */
function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
}

/** A query string for any value: arrays repeat the key, objects are sent as JSON. */
function queryOf(value: unknown): string {
  const q = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      // each value capped: a URL past the 16 KB header limit is refused by Node itself, before the app
      for (const item of Array.isArray(v) ? v : [v])
        q.append(k, (typeof item === 'string' ? item : (JSON.stringify(item) ?? '')).slice(0, 1500));
    }
  } else q.append('q', JSON.stringify(value) ?? '');
  return q.toString();
}

/** Routes left out: logging out and the installer change the run for every later case (both have their own tests). */
const skip = (r: RouteInfo) => r.path.startsWith('/installation') || r.path === '/answer/api/v1/user/logout' || r.method === '_ALL';
const concretePath = (p: string) => p.replace(/:[A-Za-z_]+/g, 'x').replace(/\*[A-Za-z_]+/g, 'x');

const RUNS_PER_ROUTE = 10;
const figures = { routes: 0, schemaCases: 0, rawBodyCases: 0 };

beforeAll(async () => {
  app = await startTestApp();
  await captchaOff(app);
  admin = await adminToken(app);
  const call = async (method: string, path: string, body: unknown) =>
    (await app.call(method, `/answer/api/v1${path}`, { token: admin, body })).body.data;
  const q = {
    id: await askQuestion(app, admin, {
      title: 'A question to aim fuzzed ids at',
      content: 'The body of the question for the fuzz test',
      tags: [{ slug_name: 'fuzz', display_name: 'fuzz' }],
    }),
  };
  const a = await call('POST', '/answer', { question_id: q.id, content: 'An answer to aim fuzzed ids at' });
  const c = await call('POST', '/comment', { object_id: q.id, original_text: 'A comment to aim fuzzed ids at' });
  const tag = await call('GET', '/tag?name=fuzz', undefined);
  ids.push(q.id, a.info.id, c.comment_id, String(tag.tag_id), '1', 'admin');
});
afterAll(async () => {
  console.log(`fuzz figures: ${JSON.stringify(figures)}`);
  await app.stop();
});

async function stillHealthy(): Promise<void> {
  const health = await fetch(`${app.url}/healthz`);
  expect(health.status).toBe(200);
  // SQLite's own check of its file (PostgreSQL has none to ask: its tables are not one file a request could tear)
  if (app.lantern.ctx.dialect.name !== 'sqlite') return;
  const rows = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(app.lantern.ctx.db);
  expect(rows.rows.map((r) => r.integrity_check)).toEqual(['ok']);
}

describe('schema-driven fuzz of every endpoint', () => {
  it('answers every generated input without a 500', async () => {
    const routes = app.lantern.routes().filter((r) => r.input && !skip(r));
    expect(routes.length).toBeGreaterThan(120);
    const failures: string[] = [];
    for (const [i, r] of routes.entries()) {
      const samples = fc.sample(arbFor(jsonSchemaOf(r.input!.schema)), { numRuns: RUNS_PER_ROUTE, seed: 20261125 + i });
      figures.routes += 1;
      for (const value of samples) {
        // a fresh session each time: a fuzzed password or role change may end the previous one
        const token = (await app.lantern.ctx.sessions.issue(1)).accessToken;
        const path = concretePath(r.path);
        figures.schemaCases += 1;
        const send = () =>
          r.input!.source === 'query'
            ? app.call(r.method, `${path}?${queryOf(value)}`, { token, body: r.method === 'GET' ? undefined : {} })
            : app.call(r.method, path, { token, body: JSON.stringify(value) ?? 'null' });
        let res: { status: number; body: unknown };
        try {
          // once more on a reset: the client may reuse a kept-alive connection the server just closed after refusing a body
          res = await send().catch(send);
        } catch (err) {
          failures.push(
            `${r.method} ${r.path} ${JSON.stringify(value)?.slice(0, 160)}: ${String(err)} ${String((err as { cause?: unknown }).cause)}`,
          );
          continue;
        }
        if (res.status >= 500)
          failures.push(
            `${r.method} ${r.path} ${JSON.stringify(value)?.slice(0, 160)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    await stillHealthy();
  }, 240_000);
});

describe('raw bodies on every body route', () => {
  const RAW: { name: string; type: string; body: string | Blob; encoding?: string; oversized?: boolean }[] = [
    { name: 'plain text', type: 'text/plain', body: 'title=hello' },
    { name: 'a form', type: 'application/x-www-form-urlencoded', body: 'title=a&tags[]=b&tags[0][slug_name]=c&__proto__[x]=1' },
    {
      name: 'multipart without parts',
      type: 'multipart/form-data; boundary=zzz',
      body: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\n\r\nabc',
    },
    { name: 'truncated JSON', type: 'application/json', body: '{"title": "unfinished' },
    { name: 'JSON in an unknown charset', type: 'application/json; charset=utf-7', body: '{"title":"+ADw-script+AD4-"}' },
    { name: 'gzip that is not gzip', type: 'application/json', body: 'not gzip at all', encoding: 'gzip' },
    {
      name: 'a body past the 2 MB limit',
      type: 'application/json',
      body: JSON.stringify({ content: 'x'.repeat(3 * 1024 * 1024) }),
      oversized: true,
    },
    { name: 'deeply nested JSON', type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}` },
    {
      name: 'invalid UTF-8',
      type: 'application/json',
      body: new Blob([new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])]),
    },
  ];

  it('refuses wrong content types, truncated, oversized and malformed bodies without a 500', async () => {
    const routes = app.lantern.routes().filter((r) => r.input?.source === 'body' && !skip(r));
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const [i, r] of routes.entries()) {
      // the 3 MB body goes to every fifth route (it is refused by the same parser everywhere)
      for (const raw of RAW.filter((x) => !x.oversized || i % 5 === 0)) {
        const token = (await app.lantern.ctx.sessions.issue(1)).accessToken;
        const headers: Record<string, string> = { 'content-type': raw.type, authorization: token };
        if (raw.encoding) headers['content-encoding'] = raw.encoding;
        figures.rawBodyCases += 1;
        let res: Response;
        try {
          res = await fetch(app.url + concretePath(r.path), { method: r.method, headers, body: raw.body });
        } catch (err) {
          // refusing an oversized body may close the connection before the client finished sending it
          if (!raw.oversized) failures.push(`${r.method} ${r.path} with ${raw.name}: ${String(err)}`);
          continue;
        }
        const text = await res.text();
        if (res.status >= 500) failures.push(`${r.method} ${r.path} with ${raw.name} -> ${res.status} ${text.slice(0, 160)}`);
        else if (res.status !== 200)
          expect(JSON.parse(text), `${r.method} ${r.path} with ${raw.name}`).toMatchObject({
            code: res.status,
            reason: expect.any(String),
          });
      }
    }
    expect(failures).toEqual([]);
    await stillHealthy();
  }, 120_000);
});
