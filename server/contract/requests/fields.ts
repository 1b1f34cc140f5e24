/**
 * The building blocks of the request schemas (server/contract/requests/*): zod fields with Answer's
 * validation messages. Shared by the server (which validates with them) and the renderer (which
 * types its request bodies and queries from the schemas: `import type` only, no zod at run time).
 */
import { z } from 'zod';

/**
 * A zod message is a key with parameters: "validation.length?min=2&max=30".
 * validate() turns each issue into a FieldIssue translated later by the error handler.
 */
export function msg(key: string, params: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return qs ? `${key}?${qs}` : key;
}

const typeError = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null || iss.input === '' ? 'validation.required' : 'validation.type';

/** A required string, trimmed, with Answer-style messages for empty and length. */
export function text(opts: { min?: number; max?: number; trim?: boolean } = {}) {
  const { min, max, trim = true } = opts;
  const base = trim ? z.string({ error: typeError }).trim() : z.string({ error: typeError });
  let s = base.min(1, 'validation.required');
  const lengthMsg = min !== undefined && max !== undefined ? msg('validation.length', { min, max }) : undefined;
  if (min !== undefined && min > 1) s = s.min(min, lengthMsg ?? msg('validation.min_length', { min }));
  if (max !== undefined) s = s.max(max, lengthMsg ?? msg('validation.max_length', { max }));
  return s;
}

/** An optional string ('' allowed), limited in length. */
export function optionalText(max: number) {
  return z.string({ error: typeError }).trim().max(max, msg('validation.max_length', { max })).optional();
}

/** A required email address. */
export function email(max = 500) {
  return text({ max }).pipe(z.email('validation.email'));
}

/** A password: 8-32 characters, not trimmed. */
export function password() {
  return text({ min: 8, max: 32, trim: false });
}

/** Whether a string is an absolute http(s) URL. */
export function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** An http(s) URL. */
export function httpUrl(max = 512) {
  return text({ max }).refine(isHttpUrl, 'validation.url');
}

/** A boolean that also accepts "true"/"false" strings (query strings). */
export const flag = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: 'validation.type' }));

/** Optional captcha fields accepted by several account endpoints. */
export const captchaFields = {
  captcha_id: z.string().max(100).optional(),
  // an altcha payload (base64 JSON of the signed challenge and its solution) runs to about 1 KB
  captcha_code: z.string().max(4000).optional(),
};

/** A page number or size from a query: missing, zero, negative or junk means the default; capped. */
export function pageNumber(dflt: number, max: number) {
  return z.coerce
    .number()
    .int()
    .catch(dflt)
    .transform((n) => (n <= 0 ? dflt : Math.min(n, max)));
}

/** The paging of a list query: page (1 to 100,000) and page_size (`size` by default, at most 100), as pageNumber reads them. */
export function paging(size = 20) {
  return { page: pageNumber(1, 100000), page_size: pageNumber(size, 100) };
}

/**
 * A page number or size where the reference's tag is `validate:"omitempty,min=1"`: missing, empty or
 * 0 means the default (omitempty skips the zero value), a negative number is refused with 400
 * `base.request_format_error` ("Page must be 1 or greater."); capped at `max`. A value that is no
 * integer means the default, as pageNumber (the reference's binding refuses it; no client sends one).
 * Lists whose reference request has no such tag (answers, notifications, the review queues) keep
 * pageNumber, which takes any value.
 */
export function pageMin1(dflt: number, max: number) {
  return z
    .preprocess(
      (v) => {
        const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : typeof v === 'number' ? v : 0;
        return Number.isSafeInteger(n) ? n : 0;
      },
      z.number().min(0, msg('validation.min_value', { min: 1 })),
    )
    .transform((n) => (n === 0 ? dflt : Math.min(n, max)));
}
