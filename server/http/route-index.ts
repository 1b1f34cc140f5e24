import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import type { BookedRouter, RouteEntry } from './route-book.js';

/** Whether a registered path has no parameter, wildcard or pattern: it matches one path only. */
const isLiteral = (path: string) => !/[:*?()[\]{}+]/.test(path);

/**
 * Whether a registered route path, or a middleware's mount path (`prefix`), might match `path` as
 * Express would (segments compared without case; a parameter takes one segment, a wildcard the rest).
 * Anything it cannot read counts as a match, so such a path is left to the router.
 */
function mightMatch(pattern: string, path: string, prefix: boolean): boolean {
  const want = pattern.toLowerCase().split('/').filter(Boolean);
  const have = path.toLowerCase().split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const seg = want[i];
    if (seg.includes('*') || /[?()[\]{}+]/.test(seg) || (seg.includes(':') && !seg.startsWith(':'))) return true;
    if (i >= have.length) return false;
    if (!seg.startsWith(':') && seg !== have[i]) return false;
  }
  return prefix || want.length === have.length;
}

/**
 * Express's router tries its layers one after the other, matching each one's path against the
 * request's: the API router has 130 routes, so a request for the 94th (a user's top posts) costs 94
 * path matches before its handlers run, about a tenth of a reused answer's CPU. Almost every API
 * path is a literal, so this looks a request's path up in a map of the registrations that match it
 * (read from the router's route book, see bookedRouter: no private layer API) and runs only those,
 * in the router's order and with its semantics: a method the route lacks passes on, HEAD is served
 * by GET, `next('route')` tries the next route, `next('router')` and anything unmatched leave for
 * what follows the router, an error skips the remaining routes and goes to the router's error
 * middleware (if any).
 *
 * A path is indexed only when every registration that might match it is a route with that literal
 * path or a middleware mounted without a path (the maintenance gate), so a request the index cannot
 * serve exactly (a parameter, a middleware under a path, a path in another case or with a trailing
 * slash, an OPTIONS request with its automatic answer) goes through the router itself. Routes
 * registered after the first request are seen: the index is rebuilt when the book grows.
 */
export function indexedRouter(router: BookedRouter): RequestHandler {
  const book = router.book;
  let indexedFor = -1;
  let byPath = new Map<string, RouteEntry[]>();

  const rebuild = () => {
    byPath = new Map();
    const literal = new Set(book.flatMap((e) => (e.kind === 'route' && isLiteral(e.path) ? [e.path] : [])));
    for (const path of literal) {
      const matching = book.filter((e) => (e.path === undefined ? true : mightMatch(e.path, path, e.kind === 'use')));
      if (matching.every((e) => (e.kind === 'route' ? e.path === path : e.path === undefined))) byPath.set(path, matching);
    }
    indexedFor = book.length;
  };

  return (req, res, next) => {
    if (indexedFor !== book.length) rebuild();
    const entries = req.method === 'OPTIONS' ? undefined : byPath.get(req.path);
    if (!entries) return router(req, res, next);
    const method = req.method.toLowerCase();
    const handles = (e: RouteEntry) =>
      e.kind === 'use' || e.method === 'all' || e.method === method || (method === 'head' && e.method === 'get');
    let i = 0;
    const step = (err?: unknown): void => {
      if (err === 'router') return next();
      const error = err === 'route' || !err ? undefined : err;
      while (i < entries.length) {
        const entry = entries[i++];
        // an error skips the routes; a route of another method passes on
        if ((error !== undefined && entry.kind === 'route') || !handles(entry)) continue;
        req.params = {};
        return runEntry(entry, error, req, res, step);
      }
      next(error);
    };
    step();
  };
}

/** Runs one registration's handlers as Express runs a route's (or a middleware's): `next('route')` ends them. */
function runEntry(entry: RouteEntry, error: unknown, req: Request, res: Response, done: (err?: unknown) => void): void {
  runHandlers(entry.handlers, error, req, res, done, entry.kind === 'route');
}

type Handler = RequestHandler | ErrorRequestHandler;

/**
 * Runs middleware one after the other as one handler, as Express would run them mounted together
 * (`router.use(path, a, b, c)`), but without a router layer for each, which would match the mount
 * path again and trim it from the URL and put it back, for each of the API's six (the write hook,
 * three body parsers, the routes, the 404). `next(err)` skips to the next error handler (four
 * arguments), `next()` with nothing (or anything false) and `next('route')` go on, `next('router')`
 * leaves, a rejected promise is an error.
 */
export function chained(...handlers: Handler[]): RequestHandler {
  return (req, res, next) => runHandlers(handlers, undefined, req, res, next, false);
}

/**
 * Runs handlers in order from `initial` (an error, or none). In a route (`inRoute`), `next('route')`
 * ends them as Express ends a route; otherwise it goes on like `next()`.
 */
function runHandlers(
  handlers: Handler[],
  initial: unknown,
  req: Request,
  res: Response,
  next: (err?: unknown) => void,
  inRoute: boolean,
): void {
  let i = 0;
  const step = (err?: unknown): void => {
    if (err === 'router') return next('router');
    if (err === 'route' && inRoute) return next();
    const error = err === 'route' || !err ? undefined : err;
    while (i < handlers.length) {
      const fn = handlers[i++];
      // an error goes only to error handlers, anything else only to the others
      if ((fn.length === 4) !== (error !== undefined)) continue;
      try {
        const ret: unknown =
          error !== undefined ? (fn as ErrorRequestHandler)(error, req, res, step) : (fn as RequestHandler)(req, res, step);
        if (ret && typeof (ret as Promise<unknown>).then === 'function')
          (ret as Promise<unknown>).then(undefined, (e: unknown) => step(e ?? new Error('Rejected promise')));
      } catch (e) {
        step(e);
      }
      return;
    }
    next(error);
  };
  step(initial);
}
