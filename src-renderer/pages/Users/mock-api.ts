import { vi } from 'vitest';

// Component tests of the people screens: answers the API calls from a table of fixtures by path.

/** One answer: data (200) or an error status with its reason and message. */
export type Reply = { data: unknown } | { status: number; reason: string; msg: string };

/** Mocks fetch: each call's path (after /answer/api/v1) is looked up; unknown paths fail the test loudly with a 599. */
export function mockApi(routes: Record<string, Reply | ((query: URLSearchParams) => Reply)>) {
  const calls: string[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://127.0.0.1');
    const path = url.pathname.replace('/answer/api/v1', '');
    calls.push(`${path}${url.search}`);
    const route = routes[path];
    const reply = typeof route === 'function' ? route(url.searchParams) : route;
    if (!reply)
      return new Response(JSON.stringify({ code: 599, reason: 'test.unmocked', msg: `unmocked ${path}`, data: null }), { status: 599 });
    if ('data' in reply)
      return new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: 'Success.', data: reply.data }), { status: 200 });
    return new Response(JSON.stringify({ code: reply.status, reason: reply.reason, msg: reply.msg, data: null }), { status: reply.status });
  });
  return { spy, calls };
}

/** A profile as personal/user/info answers it. */
export function profileFixture(over: Record<string, unknown> = {}) {
  return {
    id: '7',
    username: 'ada',
    display_name: 'Ada Lovelace',
    avatar: '',
    rank: 42,
    website: 'ada.example.com',
    location: 'London',
    language: 'en_US',
    status: 'normal',
    created_at: 1_700_000_000,
    last_login_date: 1_700_000_500,
    answer_count: 3,
    question_count: 2,
    follow_count: 0,
    bio: 'I write *programs*.',
    bio_html: '<p>I write <em>programs</em>.</p>',
    status_msg: '',
    ...over,
  };
}

export const EMPTY_PAGE = { data: { count: 0, list: [] } };
