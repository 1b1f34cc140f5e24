import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { ZodType } from 'zod';
import type { AppContext } from './app-context.js';
import { accessLevelOf, type AccessLevel } from './http/auth.js';
import { bodyLimitOf } from './http/body-limit.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { bookedRouter, type BookedRouter } from './http/route-book.js';
import { chained, indexedRouter } from './http/route-index.js';
import { dropReusedOnChange, READER_PAGE_KEY } from './http/shared-response.js';
import { spaRouter } from './http/spa.js';
import { inputSchemaOf } from './http/validate.js';
import { accessLog } from './infra/access-log.js';
import { httpsOnly } from './infra/tls.js';
import type { Routers } from './modules/index.js';
import { RED_DOT_KEY, redDotKey } from './modules/notification/notification.service.js';
import { registerOpenApi } from './modules/openapi/openapi.routes.js';
import { MODULES } from './modules/registry.js';
import { SESSION_KEY } from './modules/session/session.service.js';

/** One registered route. */
export interface RouteInfo {
  method: string;
  /** The full path under the base path, e.g. /answer/api/v1/question/page. */
  path: string;
  /** Undefined when the route has no auth() middleware. */
  level: AccessLevel | undefined;
  /** The schema its validate() middleware checks (body or query), if it has one. */
  input?: { schema: ZodType; source: 'body' | 'query' };
  /** The body limit in bytes a bodyLimit() marker declares for it, if it has one (else BODY_LIMIT.default). */
  bodyLimit?: number;
}

/** The Express app of a context, and its route table. */
export interface MountedHttp {
  app: Express;
  routes(): RouteInfo[];
}

/**
 * Step 2 of createApp: the HTTP side of an app. Process-wide headers, the modules' routers mounted
 * under the base path, each API router behind its body parsers (sized per route), cookies, the
 * route index and the API's 404; then the SPA and the error handler.
 */
export function mountHttp(ctx: AppContext): MountedHttp {
  const { config } = ctx;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // X-Forwarded-For counts only from the proxies the admin named (req.ip is then the client's)
  app.set('trust proxy', config.trustProxy.length ? [...config.trustProxy] : false);
  if (config.accessLog) app.use(accessLog(ctx.logger));
  if (ctx.tls) app.use(httpsOnly(ctx.tls));
  if (ctx.peers.size > 1) {
    // which of the server processes answered (a reverse proxy's or a tester's question)
    const index = String(ctx.peers.index);
    app.use((_req, res, next) => {
      res.setHeader('X-Lantern-Process', index);
      next();
    });
  }
  app.use(securityHeaders(`${config.basePath}/answer/`));

  const base = express.Router();
  base.get('/healthz', (_req, res) => {
    res.type('text/plain').send('OK');
  });
  // each API route reads its body itself, up to its own limit (see bookedRouter)
  const booked = {
    api: bookedRouter({ bodies: true }),
    admin: bookedRouter({ bodies: true }),
    install: bookedRouter({ bodies: true }),
    root: bookedRouter(),
  };
  const routers: Routers = booked;
  for (const register of MODULES) register(ctx, routers);
  // the API document is made from the live route table, so it lists every route
  const routes = () => routeTable(booked);
  registerOpenApi(ctx, routers, routes);

  const cookies = cookieParser();
  // reader pages, red dots and resolved tokens go at once on the changes the services announce
  dropReusedOnChange(ctx, { readerPages: READER_PAGE_KEY, redDots: RED_DOT_KEY, redDotOf: redDotKey, sessions: SESSION_KEY });
  base.use('/answer/api/v1', chained(cookies, indexedRouter(booked.api), apiNotFound));
  base.use('/answer/admin/api', chained(cookies, indexedRouter(booked.admin), apiNotFound));
  base.use('/installation', chained(cookies, booked.install, apiNotFound));
  base.use(cookieParser(), routers.root);
  if (config.rendererDir) base.use(spaRouter(config.rendererDir, config.basePath, () => ctx.settings.isInstalled()));
  base.use(apiNotFound);
  app.use(config.basePath || '/', base);
  app.use(errorHandler(ctx.logger));
  return { app, routes };
}

/**
 * Helmet's headers on documents; API answers are JSON for scripts, never documents: of helmet's
 * headers only these two mean anything for them (no sniffing into a script or page; not readable
 * by other sites' pages), and the rest cost every answer a dozen headers.
 */
function securityHeaders(apiPrefix: string): express.RequestHandler {
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  return (req, res, next) => {
    if (!req.path.startsWith(apiPrefix)) return documentHeaders(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  };
}

/** Every route the modules registered (from the routers' route books), with what its markers declare. */
function routeTable(routers: Record<keyof Routers, BookedRouter>): RouteInfo[] {
  const mounts: [string, BookedRouter][] = [
    ['/answer/api/v1', routers.api],
    ['/answer/admin/api', routers.admin],
    ['/installation', routers.install],
    ['', routers.root],
  ];
  return mounts.flatMap(([prefix, router]) =>
    router.book.flatMap((entry) => {
      if (entry.kind !== 'route') return [];
      const level = entry.handlers.map(accessLevelOf).find((x) => x !== undefined);
      const input = entry.handlers.map(inputSchemaOf).find((x) => x !== undefined);
      const bodyLimit = entry.handlers.map(bodyLimitOf).find((x) => x !== undefined);
      return [
        {
          // '_ALL' as Express's route table spelt a route of every method (router.all)
          method: entry.method === 'all' ? '_ALL' : entry.method.toUpperCase(),
          path: `${prefix}${entry.path}`,
          level,
          ...(input ? { input } : {}),
          ...(bodyLimit ? { bodyLimit } : {}),
        },
      ];
    }),
  );
}
