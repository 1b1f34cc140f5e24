import { onTestFinished, vi, type MockInstance } from 'vitest';

// The one fetch mock of the renderer's component tests: a typed route table ("METHOD /path", optionally
// with "?query" that the request's query must contain) answering in Answer's envelope. It records every
// call, and a request no route matches fails the test (after it, with the request named) instead of
// passing by accident. Each test starts with no routes: the mock is put back after every test.

/** A request the screen sent: method, path (under `base`), query and JSON (or form) body. */
export interface FetchCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a route answers: `data` in the success envelope, or an error status with its reason, message and data. */
export interface Reply {
  status?: number;
  data?: unknown;
  reason?: string;
  msg?: string;
}

/** A fixed reply or one made from the call. */
export type Route = Reply | ((call: FetchCall) => Reply);

export interface MockFetchOptions {
  /** The prefix taken off request paths for matching and recording; default '/answer/api/v1'. */
  base?: string;
}

export interface FetchMock {
  /** Every request, in order. */
  calls: FetchCall[];
  /** The requests a route key ("METHOD /path") would take, ignoring the query. */
  callsTo(key: string): FetchCall[];
  /** Adds or replaces routes (e.g. what the server answers after a change). */
  route(routes: Record<string, Route>): void;
}

/** The success envelope's data. */
export const ok = (data: unknown = null): Reply => ({ data });

/** An error envelope: status, reason key, message and (for form errors) data. */
export const fail = (status: number, reason: string, msg = '', data: unknown = null): Reply => ({ status, reason, msg, data });

interface Parsed {
  key: string;
  method: string;
  path: string;
  query: [string, string][];
  route: Route;
}

let active: { spy: MockInstance<typeof fetch>; unmatched: string[] } | undefined;

/** Puts fetch back; throws naming the requests no route matched. Runs after every test that called mockFetch. */
export function resetFetchMock(): void {
  if (!active) return;
  const { spy, unmatched } = active;
  spy.mockRestore();
  active = undefined;
  if (unmatched.length) throw new Error(`fetch-mock: no route for ${unmatched.join(', ')} (add them to the test's routes)`);
}

function parseKey(key: string, route: Route): Parsed {
  const m = /^(GET|POST|PUT|DELETE|PATCH) (\/[^?\s]*)(?:\?(\S*))?$/.exec(key);
  if (!m) throw new Error(`fetch-mock: a route key is "METHOD /path[?query]", not "${key}"`);
  return { key, method: m[1], path: m[2], query: [...new URLSearchParams(m[3] ?? '')], route };
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  if (body instanceof FormData) return Object.fromEntries(body.entries());
  return undefined;
}

/**
 * Replaces fetch for the current test with `routes` ("GET /user/info", "POST /question",
 * "GET /tags?tag=go"): a route with a query matches only requests whose query has those values, and
 * wins over the same path without one. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Route>, opts: MockFetchOptions = {}): FetchMock {
  // a second call in the same test replaces the routes and keeps the requests the first could not answer
  const unmatched: string[] = active?.unmatched ?? [];
  if (active) active.spy.mockRestore();
  // the check is registered on the calling test, not as a module-level afterEach: renderer test files
  // share one module registry per worker (tests/vitest.config.ts), so this module is evaluated once per
  // worker and such a hook would run only in the first file that imports it
  else onTestFinished(resetFetchMock);
  const base = opts.base ?? '/answer/api/v1';
  let table: Parsed[] = [];
  const add = (more: Record<string, Route>) => {
    const parsed = Object.entries(more).map(([k, r]) => parseKey(k, r));
    table = [...table.filter((t) => !parsed.some((p) => p.key === t.key)), ...parsed].sort((a, b) => b.query.length - a.query.length);
  };
  add(routes);
  const calls: FetchCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, 'http://127.0.0.1');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = url.pathname.startsWith(base) ? url.pathname.slice(base.length) || '/' : url.pathname;
    const call: FetchCall = { method, path, query: url.searchParams, body: bodyOf(init?.body) };
    calls.push(call);
    const found = table.find((t) => t.method === method && t.path === path && t.query.every(([k, v]) => url.searchParams.get(k) === v));
    if (!found) {
      unmatched.push(`${method} ${path}${url.search}`);
      const msg = `fetch-mock: no route for ${method} ${path}${url.search}`;
      return new Response(JSON.stringify({ code: 599, reason: 'test.unmatched_request', msg, data: null }), { status: 599 });
    }
    const reply = typeof found.route === 'function' ? found.route(call) : found.route;
    const status = reply.status ?? 200;
    const envelope = {
      code: status,
      reason: reply.reason ?? (status === 200 ? 'base.success' : 'base.request_format_error'),
      msg: reply.msg ?? '',
      data: reply.data ?? null,
    };
    return new Response(JSON.stringify(envelope), { status, headers: { 'content-type': 'application/json' } });
  });
  active = { spy, unmatched };
  return {
    calls,
    callsTo(key) {
      const { method, path } = parseKey(key, {});
      return calls.filter((c) => c.method === method && c.path === path);
    },
    route: add,
  };
}
