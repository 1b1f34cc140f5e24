import { vi } from 'vitest';

/** One recorded call of the mocked API. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What a handler answers: data (200) or a full {status, body}. */
export type Answer = object | { status: number; body: unknown };

/** A fixed answer or one computed from the call. */
export type Handler = Answer | ((call: ApiCall) => Answer);

/**
 * Mocks fetch for component tests: `handlers` maps "METHOD /answer/api/v1/path" to the data the
 * server sends (or a function of the call). Unmatched calls answer 404. Returns the recorded calls.
 */
export function mockApi(handlers: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: ApiCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const answer: Answer | undefined = typeof handler === 'function' ? handler(call) : handler;
    if (answer === undefined)
      return new Response(JSON.stringify({ code: 404, reason: 'base.not_found', msg: 'Not found', data: null }), { status: 404 });
    if ('status' in answer && 'body' in answer) {
      const a = answer as { status: number; body: unknown };
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: answer }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

/** A red-dot status with the given counts. */
export const redDot = (inbox: number, achievement = 0, revision = 0) => ({
  inbox,
  achievement,
  revision,
  can_revision: revision > 0,
  badge_award: null,
});
