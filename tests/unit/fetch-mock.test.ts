import { describe, expect, it } from 'vitest';
import { fail, mockFetch, resetFetchMock } from '../support/fetch-mock.js';

// node has no page to resolve a path against (the component tests' happy-dom has one)
const ORIGIN = 'http://127.0.0.1';

const get = async (url: string, init?: RequestInit) => {
  const r = await fetch(ORIGIN + url, init);
  return { status: r.status, body: await r.json() };
};

describe('mockFetch', () => {
  it('answers a route by method and path in the success envelope', async () => {
    mockFetch({ 'GET /user/info': { data: { username: 'ada' } }, 'POST /user/info': { data: 'posted' } });
    expect(await get('/answer/api/v1/user/info')).toEqual({
      status: 200,
      body: { code: 200, reason: 'base.success', msg: '', data: { username: 'ada' } },
    });
    expect((await get('/answer/api/v1/user/info', { method: 'POST' })).body.data).toBe('posted');
  });

  it('prefers a route whose query the request carries over the bare path', async () => {
    mockFetch({ 'GET /tags': { data: 'all' }, 'GET /tags?tag=go': { data: 'go' } });
    expect((await get('/answer/api/v1/tags?page=1&tag=go')).body.data).toBe('go');
    expect((await get('/answer/api/v1/tags?tag=rust')).body.data).toBe('all');
  });

  it('answers an error envelope with its status, reason, message and field errors', async () => {
    const fields = [{ error_field: 'title', error_msg: 'Title cannot be empty.' }];
    mockFetch({ 'POST /question': fail(400, 'base.request_format_error', 'Bad request.', fields) });
    expect(await get('/answer/api/v1/question', { method: 'POST', body: '{}' })).toEqual({
      status: 400,
      body: { code: 400, reason: 'base.request_format_error', msg: 'Bad request.', data: fields },
    });
  });

  it('records method, path, query and JSON body, and lets a route reply from the call', async () => {
    const api = mockFetch({ 'PUT /tag': (call) => ({ data: (call.body as { slug_name: string }).slug_name }) });
    expect((await get('/answer/api/v1/tag?x=1', { method: 'PUT', body: JSON.stringify({ slug_name: 'go' }) })).body.data).toBe('go');
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'PUT', path: '/tag', body: { slug_name: 'go' } });
    expect(api.calls[0].query.get('x')).toBe('1');
    expect(api.callsTo('PUT /tag')).toHaveLength(1);
    expect(api.callsTo('GET /tag')).toHaveLength(0);
  });

  it('takes another base off the paths when asked', async () => {
    const api = mockFetch({ 'GET /admin/api/users/page': { data: 1 } }, { base: '/answer' });
    expect((await get('/answer/admin/api/users/page')).body.data).toBe(1);
    expect(api.calls[0].path).toBe('/admin/api/users/page');
  });

  it('lets a test add or replace routes', async () => {
    const api = mockFetch({ 'GET /user/info': { data: 1 } });
    api.route({ 'GET /user/info': { data: 2 } });
    expect((await get('/answer/api/v1/user/info')).body.data).toBe(2);
  });

  it('fails the test on a request no route matches, naming it', async () => {
    mockFetch({});
    await expect(get('/answer/api/v1/nope?id=1')).rejects.toThrow('Failed to fetch');
    expect(() => resetFetchMock()).toThrow('fetch-mock: no route for GET /nope?id=1');
  });

  // not a module-level afterEach: files sharing a worker's module registry evaluate this module once
  it.fails('fails the test that called it, after it, on a request no route matched', async () => {
    mockFetch({});
    await fetch(ORIGIN + '/answer/api/v1/nope').catch(() => undefined);
  });

  it('keeps the unmatched requests when a test replaces the mock', async () => {
    mockFetch({});
    await fetch(ORIGIN + '/answer/api/v1/nope').catch(() => undefined);
    mockFetch({ 'GET /nope': { data: 1 } });
    expect((await get('/answer/api/v1/nope')).body.data).toBe(1);
    expect(() => resetFetchMock()).toThrow('fetch-mock: no route for GET /nope');
  });

  it('puts fetch back after a test', () => {
    const real = globalThis.fetch;
    mockFetch({});
    expect(globalThis.fetch).not.toBe(real);
    resetFetchMock();
    expect(globalThis.fetch).toBe(real);
  });

  it('refuses a malformed route key', () => {
    expect(() => mockFetch({ '/user/info': { data: 1 } })).toThrow('a route key is "METHOD /path[?query]"');
  });
});
