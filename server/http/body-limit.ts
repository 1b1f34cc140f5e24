import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';

/**
 * How many bytes a request body may have, read off the wire (after any gzip is undone). A body
 * parses into many times its size (`[{},{},...]` into about 22 bytes of heap per byte), so every
 * route gets the small default, and the few that carry long texts declare a larger tier with
 * bodyLimit() where they are registered (see bookedRouter). The parser stops reading at the limit and the request is
 * answered 413 (base.payload_too_large) before anything is parsed.
 */
export const BODY_LIMIT = {
  /** Every route that does not declare one: forms, ids, settings with short fields. */
  default: 128 * 1024,
  /**
   * One post-sized text (an answer, a tag's description, a close message, robots.txt: 65535
   * characters, each up to 3 bytes in UTF-8 and 6 where JSON escapes a control character).
   */
  post: 512 * 1024,
  /** A question (its text and its tags' descriptions), a question with its answer, a flag's edit. */
  posts: 1024 * 1024,
  /** Settings pages of several long texts (custom CSS and HTML, legal terms), the bulk user add. */
  settings: 2 * 1024 * 1024,
} as const;

/** A tier of BODY_LIMIT. */
export type BodyLimitTier = keyof typeof BODY_LIMIT;

/**
 * Marks a route as taking bodies up to a larger tier: `router.post(path, auth(..), bodyLimit('post'),
 * validate(schema), handler)`. It does nothing when the request runs; the route book reads it and
 * puts the parsers of that limit in front of the route (see bookedRouter).
 */
export function bodyLimit(tier: BodyLimitTier): RequestHandler & { bodyLimit: number } {
  const marker: RequestHandler = (_req, _res, next) => next();
  return Object.assign(marker, { bodyLimit: BODY_LIMIT[tier] });
}

/** The byte limit a bodyLimit() marker declares, if the handler is one. */
export function bodyLimitOf(handler: unknown): number | undefined {
  const limit = (handler as { bodyLimit?: unknown } | null)?.bodyLimit;
  return typeof limit === 'number' ? limit : undefined;
}

/**
 * The JSON and urlencoded body parsers of one limit: the route book puts them in front of each API
 * route's handlers (see bookedRouter), so a body is read with the limit of the route it goes to.
 * GET and HEAD requests have no body to read and pass by.
 */
export function bodyParserFor(limit: number): RequestHandler {
  const json = express.json({ limit, strict: false });
  const form = express.urlencoded({ extended: false, limit });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    json(req, res, (err?: unknown) => (err ? next(err) : form(req, res, next)));
  };
}
