import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { msg } from '../contract/requests/fields.js';
import { AppError, type FieldIssue } from './errors.js';

type Source = 'body' | 'query';

/** A zod message with parameters (defined beside the request schemas' fields in the contract). */
export { msg };

function parseMessage(message: string): { key: string; params: Record<string, string> } {
  const [key, qs] = message.split('?', 2);
  return { key, params: Object.fromEntries(new URLSearchParams(qs ?? '')) };
}

/** Maps zod issues to Answer field errors (first issue per field). */
export function issuesToFields(issues: z.core.$ZodIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  const out: FieldIssue[] = [];
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const message = issue.message.startsWith('validation.') || issue.message.startsWith('error.') ? issue.message : genericKey(issue);
    const { key, params } = parseMessage(message);
    out.push({ field, key, params });
  }
  return out;
}

function genericKey(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.type';
    case 'too_small':
      return issue.origin === 'string'
        ? msg('validation.min_length', { min: Number(issue.minimum) })
        : msg('validation.min_value', { min: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? msg('validation.max_length', { max: Number(issue.maximum) })
        : msg('validation.range', { min: 0, max: Number(issue.maximum) });
    case 'invalid_value':
      return msg('validation.one_of', { options: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return 'validation.unknown_field';
    default:
      return 'validation.type';
  }
}

/** How deep withoutNul() walks: no schema keeps input nested this deep (only z.unknown() could). */
const MAX_DEPTH = 32;

/**
 * `value` with every NUL character in its strings replaced by U+FFFD (the replacement character), or
 * `value` itself when it holds none. PostgreSQL cannot store a NUL in text (SQLite could); no client
 * sends one meaningfully, so both engines store and match the same visible stand-in. It runs on
 * what a schema kept (see parseInput), so its walk is as large as the schema allows; a value
 * nested deeper than MAX_DEPTH is refused (400) rather than passed on with its strings unseen.
 */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new AppError(400, 'base.request_format_error');
  let changed: Record<string, unknown> | unknown[] | null = null;
  for (const [k, v] of Object.entries(value)) {
    const clean = withoutNul(v, depth + 1);
    if (clean === v) continue;
    changed ??= Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
    (changed as Record<string, unknown>)[k] = clean;
  }
  return changed ?? value;
}

/**
 * Parses input with a schema or throws Answer's 400 with field errors. The schema runs first, on
 * the input as sent: it keeps only its own fields, so the NUL mapping after it walks those and
 * never the fields it dropped (which may be most of a hostile body).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new AppError(400, 'base.request_format_error', null, issuesToFields(result.error.issues));
  return withoutNul(result.data) as z.infer<S>;
}

/** Middleware: validates req.body or req.query and stores the result in res.locals.input. */
export function validate<S extends z.ZodType>(schema: S, source: Source = 'body') {
  const handler = (req: Request, res: Response, next: NextFunction): void => {
    const raw = source === 'body' ? (req.body ?? {}) : req.query;
    if (source === 'body' && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
      throw new AppError(400, 'base.request_format_error');
    }
    res.locals.input = parseInput(schema, raw);
    res.locals.inputSchema = schema;
    // the body as sent is needed no more: what the schema dropped is garbage from here on, not
    // held while the handler waits on the database or a password hash
    if (source === 'body') req.body = res.locals.input;
    next();
  };
  // the route table (and the schema-driven fuzz test) read each route's input schema from here
  return Object.assign(handler, { inputSchema: { schema: schema as z.ZodType, source } });
}

/** The input a validate() middleware checks, if the handler is one. */
export function inputSchemaOf(handler: unknown): { schema: z.ZodType; source: Source } | undefined {
  return (handler as { inputSchema?: { schema: z.ZodType; source: Source } } | null)?.inputSchema;
}

/**
 * The input validate(schema) checked for this request, typed by that schema: a handler passes
 * the schema its route validates with and gets z.infer of it, never a hand-written type.
 * Asking with another schema is a programming error (the route and the handler disagree).
 */
export function inputOf<S extends z.ZodType>(schema: S, res: Response): z.infer<S> {
  if (res.locals.inputSchema !== schema) throw new Error('inputOf: the route did not validate its input with this schema');
  return res.locals.input as z.infer<S>;
}
