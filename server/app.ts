import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import type { ZodType } from 'zod';
import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { apiNotFound, errorHandler } from './http/error-handler.js';
import { chained, indexedRouter } from './http/route-index.js';
import { accessLevelOf, type AccessLevel } from './http/auth.js';
import { inputSchemaOf } from './http/validate.js';
import { bodyLimitOf, bodyParsers } from './http/body-limit.js';
import { dropOnContentChange, dropReusedAfterWrites, READER_PAGE_KEY } from './http/shared-response.js';
import { RED_DOT_KEY } from './modules/notification/notification.service.js';
import { spaRouter } from './http/spa.js';
import { maxNumberOf } from './infra/captcha/altcha.js';
import { CaptchaService } from './infra/captcha/captcha.service.js';
import { RateLimiter } from './infra/captcha/rate-limit.js';
import { Passwords } from './infra/password/password.js';
import { LANTERN_CAPTCHA } from './modules/plugin/plugin.registry.js';
import { systemClock, type Clock } from './infra/clock.js';
import { closeLogger, createLogger, logFileOfProcess } from './infra/logger.js';
import { accessLog } from './infra/access-log.js';
import { headlessHost, type HostControl } from './infra/host-control.js';
import { httpsFront, httpsOnly, loadTls, siteCertificateNames, type FrontServer } from './infra/tls.js';
import { EventBus } from './infra/events.js';
import { TtlCache } from './infra/ttl-cache.js';
import { solePeers, type Peers } from './infra/peers.js';
import { Mailer, type SmtpConfig } from './infra/mail/mailer.js';
import { readPluginConfig } from './modules/plugin/plugin.repository.js';
import { isPluginEnabled } from './modules/plugin/plugin.status.js';
import type { Routers } from './modules/index.js';
import { MODULES } from './modules/registry.js';
import { registerOpenApi } from './modules/openapi/openapi.routes.js';
import { SESSION_KEY, Sessions } from './modules/session/session.service.js';
import { SiteSettings } from './modules/siteinfo/siteinfo.service.js';
import { readConfigValue } from './modules/config/config.repository.js';
import { runAutoInstall } from './modules/install/install.service.js';
import { createApiKeyResolver } from './modules/api-key/api-key.auth.js';

/** Things tests may replace. */
export interface AppDeps {
  clock?: Clock;
  host?: HostControl;
  /** The other server processes on this database (none by default). */
  peers?: Peers;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
}

/** A running (or ready to run) Lantern server. */
export interface LanternApp {
  readonly app: Express;
  readonly ctx: AppContext;
  /** Starts listening; resolves with the bound port and URL. */
  listen(port?: number, host?: string): Promise<{ port: number; url: string }>;
  /** Stops accepting, lets requests finish, closes the database. */
  close(): Promise<void>;
  /** Every route the modules registered, with the access level its auth() middleware enforces. */
  routes(): RouteInfo[];
}

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

/** Builds an app instance with its own database; nothing is shared between instances. */
export async function createApp(config: Config, deps: AppDeps = {}): Promise<LanternApp> {
  // an app's own clock object: a test that moves one app's time (ctx.clock.now = ...) moves no other's
  const clock: Clock = deps.clock ?? { now: systemClock.now };
  // several server processes write one log file each (lantern.log, lantern-1.log, ...)
  const logPeers = deps.peers ?? solePeers;
  const logger = createLogger(config.logLevel, {
    format: config.logFormat,
    file: config.logFile && logFileOfProcess(config.logFile, logPeers.index, logPeers.size),
    destination: deps.logDestination,
  });
  // HTTPS: the certificate is loaded (or made, once) before the database opens; a bad one stops the start
  const tls = config.tls
    ? await loadTls(config.tls, config.dataDir, () => siteCertificateNames(config, (deps.host ?? headlessHost).networkInterfaces()))
    : null;
  if (tls?.info.made) logger.warn({ certFile: tls.info.certFile, why: tls.info.made }, 'made a new self-signed TLS certificate');
  const dialect = await connectDatabase(config.dataDir, {
    readWorkers: config.readWorkers,
    readWorkerMinMs: config.readWorkerMinMs,
    databaseUrl: config.databaseUrl,
  });
  const db = dialect.db;
  const settings = new SiteSettings(db, clock);
  const mailer = new Mailer(
    join(config.dataDir, 'outbox'),
    async () => JSON.parse(await readConfigValue(db, 'email.config', '{}')) as SmtpConfig,
    logger,
  );
  const captcha = new CaptchaService(
    db,
    clock,
    () => isPluginEnabled(db, LANTERN_CAPTCHA.slug_name, LANTERN_CAPTCHA.defaultEnabled),
    async () => ({ maxNumber: maxNumberOf((await readPluginConfig(db, LANTERN_CAPTCHA.slug_name)).max_number) }),
  );
  const limits = new RateLimiter(db, clock, config.rateLimits);
  const passwords = new Passwords(config.passwordCost);
  // what this process drops from memory, the others drop too (and the reverse)
  const peers = deps.peers ?? solePeers;
  const cache = new TtlCache();
  // a lone process only: another process would learn of a logout a moment late, and for that
  // moment still take the ended session
  const sessions = new Sessions(db, clock, { cache, ttlMs: peers.size === 1 && !config.databaseUrl ? config.sessionCacheMs : 0 });
  cache.onInvalidate((prefix) => peers.publish({ kind: 'cache', prefixes: [prefix] }));
  settings.onInvalidate(() => peers.publish({ kind: 'settings' }));
  peers.subscribe((m) => {
    if (m.kind === 'cache') for (const prefix of m.prefixes) cache.invalidateLocal(prefix);
    else if (m.kind === 'settings') settings.invalidateLocal();
  });
  const ctx: AppContext = {
    config,
    db,
    dialect,
    logger,
    clock,
    settings,
    sessions,
    apiKeys: createApiKeyResolver(db, clock),
    mailer,
    captcha,
    limits,
    passwords,
    events: new EventBus(logger),
    cache,
    peers,
    host: deps.host ?? headlessHost,
    binding: { host: config.host, port: config.port },
    tls: tls?.info ?? null,
    startedAt: clock.now(),
    beforeClose: [() => passwords.close()],
  };

  if (config.autoInstall) await runAutoInstall(ctx, config.autoInstall);

  const app = express();
  app.disable('x-powered-by');
  if (config.accessLog) app.use(accessLog(logger));
  if (tls) app.use(httpsOnly(tls.info));
  if (peers.size > 1) {
    // which of the server processes answered (a reverse proxy's or a tester's question)
    const index = String(peers.index);
    app.use((_req, res, next) => {
      res.setHeader('X-Lantern-Process', index);
      next();
    });
  }
  app.set('query parser', 'simple');
  // X-Forwarded-For counts only from the proxies the admin named (req.ip is then the client's)
  app.set('trust proxy', config.trustProxy.length ? [...config.trustProxy] : false);
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
  // API answers are JSON for scripts, never documents: of helmet's headers only these two mean
  // anything for them (no sniffing into a script or page; not readable by other sites' pages), and the
  // rest cost every answer a dozen headers
  const apiPrefix = `${config.basePath}/answer/`;
  app.use((req, res, next) => {
    if (!req.path.startsWith(apiPrefix)) return documentHeaders(req, res, next);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    next();
  });

  const base = express.Router();
  base.get('/healthz', (_req, res) => {
    res.type('text/plain').send('OK');
  });

  const routers: Routers = { api: express.Router(), admin: express.Router(), install: express.Router(), root: express.Router() };
  for (const register of MODULES) register(ctx, routers);
  // the API document is made from the live route table (lantern.routes() below), so it lists every route
  registerOpenApi(ctx, routers, () => lantern.routes());

  // JSON and form bodies are read up to the limit of the route they go to (BODY_LIMIT.default
  // unless the route declares a larger tier with bodyLimit()); GET and HEAD pass by
  const cookies = cookieParser();
  // reader pages go at once on an announced change, and with red dots and tokens after any write
  dropOnContentChange(ctx, READER_PAGE_KEY);
  const dropReused = dropReusedAfterWrites(ctx, [READER_PAGE_KEY, RED_DOT_KEY, SESSION_KEY]);
  base.use('/answer/api/v1', chained(dropReused, bodyParsers(routers.api), cookies, indexedRouter(routers.api), apiNotFound));
  base.use('/answer/admin/api', chained(dropReused, bodyParsers(routers.admin), cookies, indexedRouter(routers.admin), apiNotFound));
  base.use('/installation', chained(bodyParsers(routers.install), cookies, routers.install, apiNotFound));
  base.use(cookieParser(), routers.root);
  if (config.rendererDir) base.use(spaRouter(config.rendererDir, config.basePath, () => settings.isInstalled()));
  base.use(apiNotFound);
  app.use(config.basePath || '/', base);
  app.use(errorHandler(logger));

  let server: Server | FrontServer | null = null;
  const lantern: LanternApp = {
    app,
    ctx,
    listen(port = config.port, host = config.host) {
      return new Promise((resolve, reject) => {
        // with TLS, one port answers both: HTTPS, and plain HTTP with a redirect to it
        const shownHost = host.includes(':') ? `[${host}]` : host;
        server = tls
          ? httpsFront(app, tls, { keepAliveTimeout: 5000, host: () => `${shownHost}:${ctx.binding.port}` })
          : Object.assign(createServer(app), { keepAliveTimeout: 5000 });
        server.once('error', reject);
        server.listen(port, host, () => {
          const addr = server!.address() as AddressInfo;
          ctx.binding.host = host;
          ctx.binding.port = addr.port;
          resolve({ port: addr.port, url: `${tls ? 'https' : 'http'}://${shownHost}:${addr.port}${config.basePath}` });
        });
      });
    },
    routes() {
      const mounts: [string, { stack: { route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] } }[] }][] =
        [
          ['/answer/api/v1', routers.api as never],
          ['/answer/admin/api', routers.admin as never],
          ['/installation', routers.install as never],
          ['', routers.root as never],
        ];
      return mounts.flatMap(([prefix, router]) =>
        router.stack
          .filter((layer) => layer.route)
          .flatMap((layer) => {
            const route = layer.route!;
            const level = route.stack.map((l) => accessLevelOf(l.handle)).find((x) => x !== undefined);
            const input = route.stack.map((l) => inputSchemaOf(l.handle)).find((x) => x !== undefined);
            const bodyLimit = route.stack.map((l) => bodyLimitOf(l.handle)).find((x) => x !== undefined);
            return Object.keys(route.methods).map((m) => ({
              method: m.toUpperCase(),
              path: `${prefix}${route.path}`,
              level,
              ...(input ? { input } : {}),
              ...(bodyLimit ? { bodyLimit } : {}),
            }));
          }),
      );
    },
    async close() {
      if (server) {
        const s = server;
        server = null;
        await new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeIdleConnections();
          setTimeout(() => s.closeAllConnections(), 5000).unref();
        });
      }
      for (const finish of ctx.beforeClose) await finish().catch((err: unknown) => ctx.logger.warn({ err }, 'closing step failed'));
      await ctx.events.settle();
      await peers.close?.();
      await dialect.close();
      await closeLogger(logger);
    },
  };
  return lantern;
}
