import { vi } from 'vitest';

/** Answers fetch calls by the first route whose pattern the URL matches, in Answer's envelope (404 otherwise). */
export function mockApi(routes: [RegExp, unknown | ((url: string, init?: RequestInit) => { status: number; data: unknown })][]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const found = routes.find(([re]) => re.test(url));
    if (!found) return new Response(JSON.stringify({ code: 404, reason: 'base.not_found', msg: 'Not found', data: null }), { status: 404 });
    const answer =
      typeof found[1] === 'function'
        ? (found[1] as (u: string, i?: RequestInit) => { status: number; data: unknown })(url, init)
        : { status: 200, data: found[1] };
    return new Response(
      JSON.stringify({
        code: answer.status,
        reason: answer.status === 200 ? 'base.success' : 'base.request_format_error',
        msg: '',
        data: answer.data,
      }),
      { status: answer.status, headers: { 'content-type': 'application/json' } },
    );
  });
}

/** The flag reasons of an answer as the server lists them. */
export const ANSWER_FLAG_REASONS = [
  {
    reason_key: 'reason.spam',
    reason_type: 57,
    name: 'spam',
    description: 'This post is an advertisement.',
    content_type: '',
    placeholder: '',
  },
  {
    reason_key: 'reason.something',
    reason_type: 59,
    name: 'something else',
    description: 'Something not listed above.',
    content_type: 'textarea',
    placeholder: '',
  },
  {
    reason_key: 'reason.a_duplicate',
    reason_type: 60,
    name: 'a duplicate',
    description: 'This question has been asked before.',
    content_type: 'text',
    placeholder: '',
  },
];
