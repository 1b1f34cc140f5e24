import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** The parts of the router package's layers this index reads (they are not in Express's types). */
interface RouterLayer {
  route?: { path: unknown; _handlesMethod(method: string): boolean };
  /** A middleware mounted without a path (router.use(fn)): it sees every request as it comes. */
  slash?: boolean;
  match(path: string): false | { params: Record<string, unknown> };
  handleRequest(req: Request, res: Response, next: NextFunction): void;
  handleError(error: unknown, req: Request, res: Response, next: NextFunction): void;
}

/**
 * Express's router tries its layers one after the other, matching each one's path against the
 * request's: the API router has 130 routes, so a request for the 94th (a user's top posts) costs 94
 * path matches before its handlers run, about a tenth of a reused answer's CPU. Almost every API
 * path is a literal, so this looks a request's path up in a map of the layers that match it and
 * runs only those, in the router's order and with its semantics: a method the route lacks passes
 * on, HEAD is served by GET, `next('route')` tries the next route, `next('router')` and anything
 * unmatched leave for what follows the router, an error skips the remaining routes and goes to the
 * router's error middleware (if any).
 *
 * A path is indexed only when every layer matching it is a route with that literal path or a
 * middleware mounted without a path (the maintenance gate), so a request the index cannot serve
 * exactly (a parameter, a middleware under a path, a path in another case or with a trailing
 * slash, an OPTIONS request with its automatic answer) goes through the router itself. Routes
 * added after the first request are seen: the index is rebuilt when the router's stack grows.
 */
export function indexedRouter(router: Router): RequestHandler {
  const stack = router.stack as unknown as RouterLayer[];
  let indexedFor = -1;
  let byPath = new Map<string, RouterLayer[]>();

  const rebuild = () => {
    byPath = new Map();
    const literal = new Set(
      stack.flatMap((layer) => (typeof layer.route?.path === 'string' && !/[:*?()[\]{}]/.test(layer.route.path) ? [layer.route.path] : [])),
    );
    for (const path of literal) {
      const matching = stack.filter((layer) => layer.match(path) !== false);
      if (matching.every((layer) => (layer.route ? layer.route.path === path : layer.slash === true))) byPath.set(path, matching);
    }
    indexedFor = stack.length;
  };

  return (req, res, next) => {
    if (indexedFor !== stack.length) rebuild();
    const layers = req.method === 'OPTIONS' ? undefined : byPath.get(req.path);
    if (!layers) return router(req, res, next);
    let i = 0;
    const step = (err?: unknown): void => {
      if (err === 'router') return next();
      const error = err === 'route' ? undefined : err;
      while (i < layers.length) {
        const layer = layers[i++];
        req.params = {};
        if (!layer.route) return error ? layer.handleError(error, req, res, step) : layer.handleRequest(req, res, step);
        if (error || (!layer.route._handlesMethod(req.method) && req.method !== 'HEAD')) continue;
        return layer.handleRequest(req, res, step);
      }
      next(error);
    };
    step();
  };
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
  return (req, res, next) => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err === 'router') return next('router');
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
    step();
  };
}
