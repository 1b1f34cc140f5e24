import { vi } from 'vitest';

/** One canned answer of the fake server: matched by method and a test on the path (with query). */
export interface Route {
  method?: string;
  match: (path: string) => boolean;
  status?: number;
  data?: unknown;
  reason?: string;
  msg?: string;
}

/** A request the component sent. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch with canned answers in Answer's envelope; records what was sent. Unknown calls answer 200 with null. */
export function fakeServer(routes: Route[]): Sent[] {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://127.0.0.1');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace('/answer/api/v1', '') + url.search;
    sent.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    const r = routes.find((x) => (x.method ?? 'GET') === method && x.match(path));
    const status = r?.status ?? 200;
    return new Response(JSON.stringify({ code: status, reason: r?.reason ?? 'base.success', msg: r?.msg ?? '', data: r?.data ?? null }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** A tag as GET tag answers it. */
export function tagDetail(over: Record<string, unknown> = {}) {
  return {
    tag_id: '10030000000000101',
    slug_name: 'lanterns',
    display_name: 'Lanterns',
    excerpt: '<p>Oil lanterns.</p>',
    description: 'Oil lanterns.',
    original_text: 'Oil lanterns.',
    parsed_text: '<p>Oil lanterns.</p>',
    follow_count: 2,
    question_count: 3,
    is_follower: false,
    created_at: 1700000000,
    updated_at: 1700000000,
    recommend: false,
    reserved: false,
    status: 'available',
    member_actions: [{ action: 'edit', name: 'Edit', type: 'edit' }],
    main_tag_slug_name: '',
    ...over,
  };
}
