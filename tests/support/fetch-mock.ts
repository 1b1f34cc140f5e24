import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';

// The one fetch mock of the renderer's component tests, on msw (setupServer from msw/node, one http
// handler per route): a typed route table ("METHOD /path", optionally with "?query" that the request's
// query must contain) answering in Answer's envelope. It records every answered call, and a request no
// route matches fails (msw's onUnhandledRequest error: a network error), and so does the test, after it,
// with the request named, instead of passing by accident. Each test starts with no routes: msw stops
// listening after every test.

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
  /**
   * msw handlers (`http.get(...)` from 'msw') tried before the routes, for what a route cannot answer
   * (a reply that never comes, a response that is not Answer's envelope); one that returns nothing
   * leaves the request to the routes. Their requests are not in `calls`.
   */
  use(...handlers: RequestHandler[]): void;
}

/** The success envelope's data. */
export const ok = (data: unknown = null): Reply => ({ data });

/** An error envelope: status, reason key, message and (for form errors) data. */
export const fail = (status: number, reason: string, msg = '', data: unknown = null): Reply => ({ status, reason, msg, data });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Parsed {
  key: string;
  method: Method;
  path: string;
  query: [string, string][];
  route: Route;
}

// one msw server per worker (this module is evaluated once per worker: tests/vitest.config.ts), listening only
// during a test that called mockFetch
const server = setupServer();

let active: { unmatched: string[] } | undefined;

/** Stops answering (fetch is the real one again); throws naming the requests no route matched. Runs after every test that called mockFetch. */
export function resetFetchMock(): void {
  if (!active) return;
  const { unmatched } = active;
  server.resetHandlers();
  server.close();
  active = undefined;
  if (unmatched.length) throw new Error(`fetch-mock: no route for ${unmatched.join(', ')} (add them to the test's routes)`);
}

function parseKey(key: string, route: Route): Parsed {
  const m = /^(GET|POST|PUT|DELETE|PATCH) (\/[^?\s]*)(?:\?(\S*))?$/.exec(key);
  if (!m) throw new Error(`fetch-mock: a route key is "METHOD /path[?query]", not "${key}"`);
  return { key, method: m[1] as Method, path: m[2], query: [...new URLSearchParams(m[3] ?? '')], route };
}

/** The request's body: JSON parsed, a form's fields, other text as it is; none for an empty body. */
async function bodyOf(request: Request): Promise<unknown> {
  if (/^multipart\/form-data|^application\/x-www-form-urlencoded/.test(request.headers.get('content-type') ?? '')) {
    return Object.fromEntries((await request.formData()).entries());
  }
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Replaces fetch for the current test with `routes` ("GET /user/info", "POST /question",
 * "GET /tags?tag=go"): a route with a query matches only requests whose query has those values, and
 * wins over the same path without one. Returns the recorded calls.
 */
export function mockFetch(routes: Record<string, Route>, opts: MockFetchOptions = {}): FetchMock {
  // a second call in the same test replaces the routes and keeps the requests the first could not answer
  const unmatched: string[] = active?.unmatched ?? [];
  // the check is registered on the calling test, not as a module-level afterEach: renderer test files
  // share one module registry per worker (tests/vitest.config.ts), so this module is evaluated once per
  // worker and such a hook would run only in the first file that imports it
  if (!active) onTestFinished(resetFetchMock);
  const base = opts.base ?? '/answer/api/v1';
  const pathOf = (url: URL) => (url.pathname.startsWith(base) ? url.pathname.slice(base.length) || '/' : url.pathname);
  const calls: FetchCall[] = [];
  // one msw handler a route, those with a query first: a request whose query lacks a route's values
  // goes on to the next handler
  let table: Parsed[] = [];
  let own: RequestHandler[] = [];
  const handlerOf = (t: Parsed) =>
    http[t.method.toLowerCase() as Lowercase<Method>]('*', async ({ request }) => {
      const url = new URL(request.url);
      if (pathOf(url) !== t.path || !t.query.every(([k, v]) => url.searchParams.get(k) === v)) return undefined;
      // recorded in the order the requests came
      const call: FetchCall = { method: t.method, path: t.path, query: url.searchParams, body: undefined };
      calls.push(call);
      call.body = await bodyOf(request);
      const reply = typeof t.route === 'function' ? t.route(call) : t.route;
      const status = reply.status ?? 200;
      return HttpResponse.json(
        {
          code: status,
          reason: reply.reason ?? (status === 200 ? 'base.success' : 'base.request_format_error'),
          msg: reply.msg ?? '',
          data: reply.data ?? null,
        },
        { status },
      );
    });
  // last: a request no route took fails (a network error, as msw's 'error' strategy would make it, but
  // never sent on to the network), and the test after it, naming the request
  const unmatchedHandler = http.all('*', ({ request }) => {
    const url = new URL(request.url);
    const named = `${request.method} ${pathOf(url)}${url.search}`;
    unmatched.push(named);
    console.error(`fetch-mock: no route for ${named}`);
    return HttpResponse.error();
  });
  const add = (more: Record<string, Route>) => {
    const parsed = Object.entries(more).map(([k, r]) => parseKey(k, r));
    table = [...table.filter((t) => !parsed.some((p) => p.key === t.key)), ...parsed].sort((a, b) => b.query.length - a.query.length);
    server.resetHandlers(...own, ...table.map(handlerOf), unmatchedHandler);
  };
  // onUnhandledRequest 'error' guards what the handlers below let through (none of fetch's requests)
  if (!active) server.listen({ onUnhandledRequest: 'error' });
  active = { unmatched };
  add(routes);
  return {
    calls,
    callsTo(key) {
      const { method, path } = parseKey(key, {});
      return calls.filter((c) => c.method === method && c.path === path);
    },
    route: add,
    use(...handlers) {
      own = [...handlers, ...own];
      add({});
    },
  };
}
