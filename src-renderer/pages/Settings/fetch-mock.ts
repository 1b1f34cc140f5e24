import { vi } from 'vitest';

/** One mocked answer: status and Answer's envelope data (or a function of the request body). */
export interface Reply {
  status?: number;
  data?: unknown;
  msg?: string;
  reason?: string;
}

/** A call the page made: method, path under /answer and the parsed JSON body. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Mocks fetch by "METHOD /path" (path after /answer/api/v1, without the query). Unknown calls
 * answer 200 with null data. Returns the list of calls made.
 */
export function mockApi(routes: Record<string, Reply | ((body: unknown) => Reply)>): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace('/answer/api/v1', '');
    let body: unknown = null;
    if (typeof init?.body === 'string') body = JSON.parse(init.body);
    else if (init?.body instanceof FormData) body = Object.fromEntries(init.body.entries());
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const reply = typeof route === 'function' ? route(body) : (route ?? { data: null });
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
