import type { BodyOf, CallablePath, DataOf, EndpointKey, KeyOf, QueryOf } from '../../server/contract/endpoints';
import { TIMING } from '../../server/contract/limits';
import { basePath } from '../utils/base-path';
import { ApiError } from './errors';
import { getToken } from './token';

/** What the app does with errors that are not the caller's business (spec section 8). */
export interface ErrorPolicy {
  /** `path` is the request's path (with its /answer/... prefix and query). */
  onError(err: ApiError, opts: RequestOptions, path: string): void;
  language(): string;
}

let policy: ErrorPolicy = { onError: () => undefined, language: () => 'en_US' };

/** Installs the app-wide error policy (navigation, toasts). */
export function setErrorPolicy(p: ErrorPolicy): void {
  policy = p;
}

/** Per-request options. */
export interface RequestOptions {
  /** Let the caller handle every error itself (no toast, no navigation). */
  handleErrors?: boolean;
  /** Whether a 404 should show the 404 page. */
  allow404Page?: boolean;
  /** Whether 50X should be ignored (the notification poll). */
  ignore50x?: boolean;
  signal?: AbortSignal;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Sends one request to /answer/api/v1, /answer/admin/api or /installation and unwraps the envelope. */
export async function request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  opts.signal?.addEventListener('abort', () => controller.abort());
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': policy.language() };
  const token = getToken();
  if (token) headers.Authorization = token;
  // multipart bodies (file uploads) go as they are: the browser sets their boundary
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const payload = body === undefined ? undefined : multipart ? body : JSON.stringify(body);
  let res: Response;
  try {
    res = await fetch(`${basePath()}${path}`, { method, headers, body: payload, credentials: 'include', signal: controller.signal });
  } catch (e) {
    const err = new ApiError(
      0,
      controller.signal.aborted ? 'client.timeout' : 'client.network',
      e instanceof Error ? e.message : 'network error',
      null,
    );
    if (!opts.handleErrors) policy.onError(err, opts, path);
    throw err;
  } finally {
    clearTimeout(timer);
  }
  let envelope: { code?: number; reason?: string; msg?: string; data?: unknown } = {};
  try {
    envelope = (await res.json()) as typeof envelope;
  } catch {
    envelope = { code: res.status, reason: 'client.bad_response', msg: res.statusText, data: null };
  }
  if (res.ok) return (envelope.data ?? null) as T;
  const err = new ApiError(res.status, envelope.reason ?? 'base.unknown', envelope.msg ?? res.statusText, envelope.data ?? null);
  if (!opts.handleErrors) policy.onError(err, opts, path);
  throw err;
}

type Query = Record<string, string | number | undefined>;

/** The query string of a GET (empty values left out). */
function withQuery(path: string, query?: object): string {
  const qs = query
    ? new URLSearchParams(
        Object.entries(query as Query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  return qs ? `${path}?${qs}` : path;
}

/** A write's body and options: the body may be left out only where its schema requires no field. */
type BodyArgs<K extends EndpointKey> =
  Record<string, never> extends BodyOf<K> ? [body?: BodyOf<K>, opts?: RequestOptions] : [body: BodyOf<K>, opts?: RequestOptions];

/** A read's query and options: the query may be left out only where its schema requires no field. */
type QueryArgs<K extends EndpointKey> =
  Record<string, never> extends QueryOf<K> ? [query?: QueryOf<K>, opts?: RequestOptions] : [query: QueryOf<K>, opts?: RequestOptions];

/**
 * The client, typed by the endpoint map (server/contract/endpoints.ts): the path called picks the
 * endpoint, which gives the query or body it takes and the data it returns.
 */
export const api = {
  get: <P extends CallablePath<'GET'>>(path: P, ...[query, opts]: QueryArgs<KeyOf<'GET', P>>) =>
    request<DataOf<KeyOf<'GET', P>>>('GET', withQuery(path, query as object | undefined), undefined, opts),
  post: <P extends CallablePath<'POST'>>(path: P, ...[body, opts]: BodyArgs<KeyOf<'POST', P>>) =>
    request<DataOf<KeyOf<'POST', P>>>('POST', path, body ?? {}, opts),
  put: <P extends CallablePath<'PUT'>>(path: P, ...[body, opts]: BodyArgs<KeyOf<'PUT', P>>) =>
    request<DataOf<KeyOf<'PUT', P>>>('PUT', path, body ?? {}, opts),
  delete: <P extends CallablePath<'DELETE'>>(path: P, ...[body, opts]: BodyArgs<KeyOf<'DELETE', P>>) =>
    request<DataOf<KeyOf<'DELETE', P>>>('DELETE', path, body ?? {}, opts),
  /** POST multipart/form-data. */
  upload: <P extends CallablePath<'POST'>>(path: P, form: FormData, opts?: RequestOptions) =>
    request<DataOf<KeyOf<'POST', P>>>('POST', path, form, opts),
};

/** Prefixes of the server's APIs. */
export const V1 = '/answer/api/v1';
export const ADMIN = '/answer/admin/api';
export const INSTALL = '/installation';
