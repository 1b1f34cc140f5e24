import type { NextFunction, Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputOf, inputSchemaOf, parseInput, validate, withoutNul } from './validate.js';

const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), q: z.string().optional() });
const otherQuery = z.object({ id: z.string() });

/** Runs a validate() middleware on a bare request/response pair. */
function run(schema: z.ZodType, source: 'body' | 'query', raw: unknown): Response {
  const req = (source === 'body' ? { body: raw } : { query: raw }) as Request;
  const res = { locals: {} } as Response;
  let called = false;
  validate(schema, source)(req, res, (() => {
    called = true;
  }) as NextFunction);
  expect(called).toBe(true);
  return res;
}

describe('validate and inputOf', () => {
  it('hands the handler the parsed input typed by the schema the route validated with', () => {
    const res = run(pageQuery, 'query', { page: '3', q: 'x' });
    const input = inputOf(pageQuery, res);
    // typed as z.infer<typeof pageQuery>: page is a number after coercion
    const page: number = input.page;
    expect(page).toBe(3);
    expect(input).toEqual({ page: 3, q: 'x' });
  });

  it('refuses a schema the route did not validate with (the handler and the route disagree)', () => {
    const res = run(pageQuery, 'query', {});
    expect(() => inputOf(otherQuery, res)).toThrow(/did not validate/);
    expect(() => inputOf(pageQuery, { locals: {} } as Response)).toThrow(/did not validate/);
  });

  it('still tells the route table which schema and source a middleware checks', () => {
    expect(inputSchemaOf(validate(otherQuery, 'query'))).toEqual({ schema: otherQuery, source: 'query' });
    expect(inputSchemaOf(validate(pageQuery))).toEqual({ schema: pageQuery, source: 'body' });
    expect(inputSchemaOf(() => undefined)).toBeUndefined();
  });
});

describe('NUL characters in input', () => {
  it('become U+FFFD in every string, nested too, leaving input without one as it was', () => {
    const clean = { a: 'x', b: [1, 'y'], c: { d: null } };
    expect(withoutNul(clean)).toBe(clean);
    expect(withoutNul({ title: 'a\u0000b', tags: [{ slug_name: '\u0000' }], n: 3 })).toEqual({
      title: 'a\ufffdb',
      tags: [{ slug_name: '\ufffd' }],
      n: 3,
    });
    expect(parseInput(z.object({ q: z.string() }), { q: 'x\u0000' })).toEqual({ q: 'x\ufffd' });
  });
});
