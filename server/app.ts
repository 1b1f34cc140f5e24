import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import type { AppContext } from './app-context.js';
import { mountHttp, type RouteInfo } from './app-http.js';
import type { Config } from './config.js';
import { connectDatabase } from './db/connect.js';
import { maxNumberOf } from './infra/captcha/altcha.js';
import { CaptchaService } from './infra/captcha/captcha.service.js';
import { RateLimiter } from './infra/captcha/rate-limit.js';
import { Passwords } from './infra/password/password.js';
import { LANTERN_CAPTCHA } from './modules/plugin/plugin.registry.js';
import { systemClock, type Clock } from './infra/clock.js';
import { logFileOfProcess, openLogger } from './infra/logger.js';
import { headlessHost, type HostControl } from './infra/host-control.js';
import { httpsFront, loadTls, siteCertificateNames, type FrontServer, type TlsMaterial } from './infra/tls.js';
import { AppState } from './infra/app-state.js';
import { EventBus } from './infra/events.js';
import { JobRegistry, type JobTimers } from './infra/jobs/registry.js';
import { TtlCache } from './infra/ttl-cache.js';
import { solePeers, type Peers } from './infra/peers.js';
import { Mailer, type SmtpConfig } from './infra/mail/mailer.js';
import { readPluginConfig } from './modules/plugin/plugin.repository.js';
import { isPluginEnabled } from './modules/plugin/plugin.status.js';
import { JOBS } from './modules/jobs.js';
import { Sessions } from './modules/session/session.service.js';
import { SiteSettings } from './modules/siteinfo/siteinfo.service.js';
import { readConfigValue } from './modules/config/config.repository.js';
import { runAutoInstall } from './modules/install/install.service.js';
import { createApiKeyResolver } from './modules/api-key/api-key.auth.js';

export type { RouteInfo } from './app-http.js';

/** Things tests may replace. */
export interface AppDeps {
  clock?: Clock;
  host?: HostControl;
  /** The other server processes on this database (none by default). */
  peers?: Peers;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: DestinationStream;
  /** The timers the background jobs run on (tests pass a manual one). */
  timers?: JobTimers;
}

/** A running (or ready to run) Lantern server. */
export interface LanternApp {
  readonly app: Express;
  readonly ctx: AppContext;
  /** Starts listening; resolves with the bound port and URL. */
  listen(port?: number, host?: string): Promise<{ port: number; url: string }>;
  /** Stops accepting, lets requests finish, stops the jobs, closes the database. */
  close(): Promise<void>;
  /** Every route the modules registered, with the access level its auth() middleware enforces. */
  routes(): RouteInfo[];
}

/**
 * Builds an app instance with its own database; nothing is shared between instances. Three steps:
 * the context (logger, TLS, database, services), the HTTP side (mountHttp), the background jobs
 * (modules/jobs.ts, started in order; app.close() stops them in reverse before the database closes).
 */
export async function createApp(config: Config, deps: AppDeps = {}): Promise<LanternApp> {
  const { ctx, tls, closeLog } = await buildContext(config, deps);
  if (config.autoInstall) await runAutoInstall(ctx, config.autoInstall);
  const http = mountHttp(ctx);
  for (const make of JOBS) {
    const job = make(ctx);
    if (job) ctx.jobs.add(job);
  }
  ctx.jobs.start();
  return lanternApp(ctx, http.app, http.routes, tls, closeLog);
}

/** Step 1: the app's context, its database open and its services made; nothing runs yet. */
async function buildContext(
  config: Config,
  deps: AppDeps,
): Promise<{ ctx: AppContext; tls: TlsMaterial | null; closeLog: () => Promise<void> }> {
  // an app's own clock object: a test that moves one app's time (ctx.clock.now = ...) moves no other's
  const clock: Clock = deps.clock ?? { now: systemClock.now };
  // several server processes write one log file each (lantern.log, lantern-1.log, ...)
  const logPeers = deps.peers ?? solePeers;
  const { logger, close: closeLog } = openLogger(config.logLevel, {
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
    jobs: new JobRegistry({ logger, leader: () => peers.leader, timers: deps.timers }),
    state: new AppState(),
  };
  return { ctx, tls, closeLog };
}

/** The app's lifecycle: listen (HTTP, or HTTPS with a redirect on the same port) and close. */
function lanternApp(
  ctx: AppContext,
  app: Express,
  routes: () => RouteInfo[],
  tls: TlsMaterial | null,
  closeLog: () => Promise<void>,
): LanternApp {
  const { config } = ctx;
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
    routes,
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
      await ctx.jobs.stop();
      for (const finish of ctx.beforeClose) await finish().catch((err: unknown) => ctx.logger.warn({ err }, 'closing step failed'));
      await ctx.events.settle();
      await ctx.peers.close?.();
      await ctx.dialect.close();
      await closeLog();
    },
  };
  return lantern;
}
