import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { BODY_LIMIT, bodyLimitOf, bodyParserFor } from './body-limit.js';

type Handler = RequestHandler | ErrorRequestHandler;

/** One registration on a router, as the module made it: a route (a method and a path) or a middleware. */
export type RouteEntry =
  | { kind: 'route'; method: string; path: string; handlers: Handler[] }
  | { kind: 'use'; path: string | undefined; handlers: Handler[] };

/** An Express router that keeps the list of what was registered on it, in order (its route book). */
export type BookedRouter = Router & { readonly book: readonly RouteEntry[] };

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'all'] as const;

/**
 * Makes a router whose registrations are written down as they are made, through Express's public
 * `router.get/post/.../use`, so the route table, the route index and the body limits are read from
 * our own list instead of the router's private layer stack. With `bodies`, each route gets its JSON
 * and form parsers in front of its handlers, sized by its bodyLimit() marker (else BODY_LIMIT.default):
 * a body is read only for a route that exists and only after the router's own middleware (the
 * maintenance gate) let it through. Register with these methods, not `router.route(path)`, which the
 * book does not see (the route table test compares the two).
 */
export function bookedRouter(opts: { bodies?: boolean } = {}): BookedRouter {
  const router = express.Router();
  const book: RouteEntry[] = [];
  for (const method of METHODS) {
    const register = (router[method] as (path: string, ...h: Handler[]) => Router).bind(router);
    (router as unknown as Record<string, unknown>)[method] = (path: string, ...given: unknown[]) => {
      const declared = given.flat(Infinity) as Handler[];
      const limit = declared.map(bodyLimitOf).find((x) => x !== undefined) ?? BODY_LIMIT.default;
      // the book holds the handlers as the router runs them (the route index runs them from it)
      const handlers = opts.bodies ? [bodyParserFor(limit), ...declared] : declared;
      book.push({ kind: 'route', method, path: String(path), handlers });
      return register(path, ...handlers);
    };
  }
  const use = router.use.bind(router) as (...args: unknown[]) => Router;
  (router as unknown as Record<string, unknown>).use = (...args: unknown[]) => {
    const path = typeof args[0] === 'string' ? (args.shift() as string) : undefined;
    const handlers = args.flat(Infinity) as Handler[];
    book.push({ kind: 'use', path, handlers });
    return path === undefined ? use(...handlers) : use(path, ...handlers);
  };
  return Object.assign(router, { book });
}
