import { vi } from 'vitest';

/** One mocked answer: status and Answer's envelope data (or a function of the request body and query). */
export interface Reply {
  status?: number;
  data?: unknown;
  msg?: string;
  reason?: string;
}

/** A call the page made: method, path under /answer, its query and the parsed JSON body. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Route = Reply | ((body: unknown, query: URLSearchParams) => Reply);

/**
 * Mocks fetch by "METHOD /path" where the path is what follows /answer (e.g. "GET /admin/api/users/page",
 * "GET /api/v1/user/info"), without the query. Unknown calls answer 200 with null data.
 */
export function mockAdminApi(routes: Record<string, Route>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/answer/, '');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ method, path, query: url.searchParams, body });
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body, url.searchParams) : (route ?? { data: null });
    const status = reply.status ?? 200;
    return new Response(
      JSON.stringify({
        code: status,
        reason: reply.reason ?? (status === 200 ? 'base.success' : 'base.request_format_error'),
        msg: reply.msg ?? '',
        data: reply.data ?? null,
      }),
      {
        status,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  return calls;
}
