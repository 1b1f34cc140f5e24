import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import envPaths from 'env-paths';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from './infra/captcha/rate-limit.js';
import { SCRYPT_COST, type ScryptCost } from './infra/password/password.js';
import type { TlsSetting } from './infra/tls.js';
import { defaultLogFormat, logFormatFrom, type LogFormat } from './infra/log-options.js';

/** Answers from an unattended install (AUTO_INSTALL=true), as the reference server reads them. */
export interface AutoInstall {
  siteName: string;
  siteUrl: string;
  contactEmail: string;
  adminName: string;
  adminPassword: string;
  adminEmail: string;
  language: string;
  loginRequired: boolean;
  externalContentDisplay: 'always_display' | 'ask_before_display';
}

/** The frozen server configuration, parsed once at the edge. */
export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** '' or '/prefix' (no trailing slash). */
  readonly basePath: string;
  /** Folder of the built renderer (index.html + assets); null serves no UI. */
  readonly rendererDir: string | null;
  readonly logLevel: string;
  /** stdout's log lines (--log-format, LANTERN_LOG_FORMAT): readable on a terminal, else JSON. */
  readonly logFormat: LogFormat;
  /**
   * A rotating log file of JSON lines (--log-file, LANTERN_LOG_FILE; `off` for none): a server started
   * from the command line or the desktop writes <data dir>/logs/lantern.log; tests none.
   */
  readonly logFile: string | null;
  /** One log line per request: method, path, status, ms, bytes (--access-log, LANTERN_ACCESS_LOG=1). */
  readonly accessLog: boolean;
  readonly autoInstall: AutoInstall | null;
  readonly version: string;
  readonly revision: string;
  /** Periodic jobs (hot scores, digests): on for a real server, off in tests unless asked for. */
  readonly backgroundJobs: boolean;
  /** How long a list total may be reused (ms); writes clear it sooner. 0 (tests) counts every time. */
  readonly listCountTtlMs: number;
  /** Question views are counted in memory and written this often (0: each view at once; tests). */
  readonly viewFlushMs: number;
  /** How long a whole question-list page may be reused (0: never; tests). */
  readonly listPageTtlMs: number;
  /**
   * How long a page as anonymous readers see it (a question, its answers and comments, a user's
   * profile and top posts) and a user's notification status may be reused (0: never; tests).
   */
  readonly pageTtlMs: number;
  /**
   * How long a resolved access token may be reused (0: never; tests). Ending a session and any
   * successful write drop it at once. Only a lone server process on SQLite reuses tokens.
   */
  readonly sessionCacheMs: number;
  /** How long a search's results may be reused (0: never; tests). */
  readonly searchTtlMs: number;
  /** Attempt limits of login, registration and account mails (tests shrink them). */
  readonly rateLimits: RateLimitConfig;
  /** How often expired sessions are deleted (they are also deleted at start). */
  readonly sessionPurgeMs: number;
  /**
   * Worker threads that run reads on read-only connections of their own, so a second core serves
   * requests (LANTERN_READ_WORKERS; 0 runs every query on the main thread, as tests do by default).
   */
  readonly readWorkers: number;
  /**
   * Reads whose measured average (ms) is below this stay on the main thread. One process: 0.03
   * (only the quickest stay); several: 1 (the worker takes the long reads, searches above all,
   * while each process's own thread serves the rest on its own core).
   */
  readonly readWorkerMinMs: number;
  /**
   * Server processes sharing the port and the database (--processes, LANTERN_PROCESSES; 1 to 16).
   * With more than one, a primary forks them (server/cluster.ts) and each runs a whole server.
   */
  readonly processes: number;
  /**
   * A PostgreSQL connection string (--database-url, LANTERN_DATABASE_URL): the site lives in that
   * database instead of the data dir's SQLite file. The data dir still holds uploads and mail.
   */
  readonly databaseUrl: string | null;
  /**
   * Where uploads are kept (--uploads-dir, LANTERN_UPLOADS_DIR; default: the data dir's uploads/).
   * Processes on several machines share one such folder (a network folder), so an upload made
   * through one is served by all.
   */
  readonly uploadsDir: string | null;
  /** The cost of new password hashes (tests lower it; a server never does). */
  readonly passwordCost: ScryptCost;
  /**
   * Proxies whose X-Forwarded-For names the client (--trust-proxy, LANTERN_TRUST_PROXY: a comma-separated
   * list of addresses, CIDRs or loopback/linklocal/uniquelocal; Express's 'trust proxy'). Empty: none,
   * the client is the connection's address and X-Forwarded-For is ignored.
   */
  readonly trustProxy: readonly string[];
  /**
   * HTTPS (--tls self-signed, or --tls-cert FILE --tls-key FILE; LANTERN_TLS, LANTERN_TLS_CERT,
   * LANTERN_TLS_KEY): null serves plain HTTP. See server/infra/tls.ts.
   */
  readonly tls: TlsSetting | null;
  /**
   * Advertise the site over mDNS/DNS-SD (`<name>.local`, a `_http._tcp` service) while serving the LAN
   * (--no-mdns or LANTERN_MDNS=0 turns it off; never on loopback). See server/infra/mdns.ts.
   */
  readonly mdns: boolean;
}

const portSchema = z.coerce.number().int().min(0).max(65535);

/** Normalises a base path: '' or '/a/b' without trailing slash. */
export function normaliseBasePath(raw: string | undefined): string {
  if (!raw) return '';
  const trimmed = raw.trim().replace(/\/+$/, '');
  if (trimmed === '' || trimmed === '/') return '';
  if (!/^\/?[A-Za-z0-9._~\-/]+$/.test(trimmed)) throw new Error(`invalid base path: ${raw}`);
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** The OS's per-user application data folder for Lantern. */
export function defaultDataDir(): string {
  return envPaths('lantern', { suffix: '' }).data;
}

function autoInstallFrom(env: NodeJS.ProcessEnv): AutoInstall | null {
  if ((env.AUTO_INSTALL ?? '').toLowerCase() !== 'true') return null;
  const need = (k: string) => {
    const v = env[k];
    if (!v) throw new Error(`AUTO_INSTALL=true needs ${k}`);
    return v;
  };
  // a new site asks before loading another site's images (offline, and no third party learns who reads)
  const display = env.EXTERNAL_CONTENT_DISPLAY === 'always_display' ? 'always_display' : 'ask_before_display';
  return Object.freeze({
    siteName: need('SITE_NAME'),
    siteUrl: need('SITE_URL'),
    contactEmail: need('CONTACT_EMAIL'),
    adminName: need('ADMIN_NAME'),
    adminPassword: need('ADMIN_PASSWORD'),
    adminEmail: need('ADMIN_EMAIL'),
    language: env.LANGUAGE || 'en_US',
    loginRequired: (env.LOGIN_REQUIRED ?? '').toLowerCase() === 'true',
    externalContentDisplay: display,
  });
}

/** Builds a Config from command-line flags and the environment (flags win). */
export function loadConfig(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Config {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
      'base-path': { type: 'string' },
      'renderer-dir': { type: 'string' },
      processes: { type: 'string' },
      'database-url': { type: 'string' },
      'uploads-dir': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'log-format': { type: 'string' },
      'log-file': { type: 'string' },
      'access-log': { type: 'boolean' },
      'no-mdns': { type: 'boolean' },
      tls: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
    },
    allowPositionals: false,
    strict: true,
  });
  const processes = processesFrom(values.processes ?? env.LANTERN_PROCESSES);
  const dataDir = resolve(values['data-dir'] ?? env.LANTERN_DATA_DIR ?? defaultDataDir());
  return makeConfig({
    port: portSchema.parse(values.port ?? env.LANTERN_PORT ?? 9080),
    host: values.host ?? env.LANTERN_HOST ?? '127.0.0.1',
    dataDir,
    basePath: normaliseBasePath(values['base-path'] ?? env.LANTERN_BASE_PATH),
    rendererDir: values['renderer-dir'] ?? env.LANTERN_RENDERER_DIR ?? null,
    logLevel: env.LANTERN_LOG_LEVEL ?? 'info',
    logFormat: logFormatFrom(values['log-format'] ?? env.LANTERN_LOG_FORMAT) ?? defaultLogFormat(),
    logFile: logFileFrom(values['log-file'] ?? env.LANTERN_LOG_FILE, dataDir),
    accessLog: !!values['access-log'] || /^(1|true|on|yes)$/i.test((env.LANTERN_ACCESS_LOG ?? '').trim()),
    autoInstall: autoInstallFrom(env),
    backgroundJobs: true,
    listCountTtlMs: 60_000,
    listPageTtlMs: ttlFrom(env.LANTERN_LIST_PAGE_TTL_MS, 2000),
    searchTtlMs: ttlFrom(env.LANTERN_SEARCH_TTL_MS, 2000),
    pageTtlMs: ttlFrom(env.LANTERN_PAGE_TTL_MS, 2000),
    sessionCacheMs: ttlFrom(env.LANTERN_SESSION_CACHE_MS, 1000),
    viewFlushMs: 2000,
    // several processes already use every core: one read worker each takes their long reads only
    readWorkers: readWorkersFrom(env.LANTERN_READ_WORKERS, processes > 1 ? 1 : Math.min(2, availableParallelism())),
    readWorkerMinMs: processes > 1 ? 1 : 0.03,
    processes,
    databaseUrl: databaseUrlFrom(values['database-url'] ?? env.LANTERN_DATABASE_URL),
    uploadsDir: (values['uploads-dir'] ?? env.LANTERN_UPLOADS_DIR)?.trim()
      ? resolve((values['uploads-dir'] ?? env.LANTERN_UPLOADS_DIR)!.trim())
      : null,
    trustProxy: trustProxyFrom(values['trust-proxy'] ?? env.LANTERN_TRUST_PROXY),
    tls: tlsFrom(values.tls ?? env.LANTERN_TLS, values['tls-cert'] ?? env.LANTERN_TLS_CERT, values['tls-key'] ?? env.LANTERN_TLS_KEY),
    mdns: !values['no-mdns'] && !/^(0|false|off|no)$/i.test((env.LANTERN_MDNS ?? '').trim()),
  });
}

/**
 * The HTTPS setting from flags or the environment: `--tls self-signed`, or a certificate and key file
 * together (`--tls off` or nothing: plain HTTP); anything else is refused.
 */
export function tlsFrom(mode: string | undefined, cert: string | undefined, key: string | undefined): TlsSetting | null {
  const m = mode?.trim() ?? '';
  const files = cert?.trim() || key?.trim();
  if (m !== '' && m !== 'off' && m !== 'self-signed') throw new Error(`--tls takes self-signed or off, not ${mode}`);
  if (m === 'self-signed' && files) throw new Error('--tls self-signed makes its own certificate: leave out --tls-cert and --tls-key');
  if (m === 'self-signed') return { mode: 'self-signed' };
  if (m === 'off' || !files) return null;
  if (!cert?.trim() || !key?.trim()) throw new Error('--tls-cert and --tls-key go together (PEM files)');
  return { mode: 'files', certFile: resolve(cert.trim()), keyFile: resolve(key.trim()) };
}

/** The log file from a flag or the environment: unset is <data dir>/logs/lantern.log, `off` (or `0`, `none`) none. */
export function logFileFrom(raw: string | undefined, dataDir: string): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return join(dataDir, 'logs', 'lantern.log');
  if (/^(off|0|none|false)$/i.test(value)) return null;
  return resolve(value);
}

/** The trusted proxies from a flag or the environment: a comma-separated list (unset or empty: none); anything else is refused. */
export function trustProxyFrom(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list)
    if (!/^(loopback|linklocal|uniquelocal|[0-9a-fA-F]*[.:][0-9a-fA-F:.]*(\/\d{1,3})?)$/.test(entry))
      throw new Error(`--trust-proxy takes addresses, CIDRs or loopback/linklocal/uniquelocal, not ${entry}`);
  return list;
}

/**
 * The desktop shell's server: one process on the computer's own lantern.db, whatever the environment
 * says. The shell rebinds it, asks it for backups and reads its ready message, which a primary of
 * several would not answer alike; and a desktop is not a shared server (README, "Beyond one machine").
 */
export function loadDesktopConfig(argv: string[], env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(argv, { ...env, LANTERN_PROCESSES: '1', LANTERN_DATABASE_URL: '', LANTERN_UPLOADS_DIR: '' });
}

/** A process count (1 to 16) from a flag or the environment; anything else is refused. */
export function processesFrom(raw: string | undefined): number {
  if (raw === undefined) return 1;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > 16)
    throw new Error(`--processes must be a whole number from 1 to 16, not ${raw}`);
  return Number(raw.trim());
}

/** A PostgreSQL connection string from a flag or the environment (unset or empty: SQLite); anything else is refused. */
export function databaseUrlFrom(raw: string | undefined): string | null {
  const value = raw?.trim() ?? '';
  if (value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('--database-url must be a postgres:// connection string');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new Error(`--database-url must be a postgres:// connection string, not ${url.protocol}//...`);
  return value;
}

/** A read worker count from the environment (0 to 8), else the default. */
export function readWorkersFrom(raw: string | undefined, fallback: number): number {
  if (raw === undefined || !/^\d+$/.test(raw.trim())) return fallback;
  return Math.min(Number(raw.trim()), 8);
}

/** A TTL in ms from the environment (a whole number from 0 to 10 min), else the default. */
function ttlFrom(raw: string | undefined, fallback: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) return fallback;
  return Math.min(Number(raw), 600_000);
}

/** Fills defaults and freezes; tests call this directly. */
export function makeConfig(partial: Partial<Config> & { dataDir: string }): Config {
  return Object.freeze({
    port: 0,
    host: '127.0.0.1',
    basePath: '',
    rendererDir: null,
    logLevel: process.env.LANTERN_LOG_LEVEL ?? 'info',
    logFormat: 'json',
    logFile: null,
    accessLog: false,
    autoInstall: null,
    version: '1.5.1',
    revision: 'lantern-0.1.0',
    backgroundJobs: false,
    listCountTtlMs: 0,
    listPageTtlMs: 0,
    searchTtlMs: 0,
    pageTtlMs: 0,
    sessionCacheMs: 0,
    viewFlushMs: 0,
    rateLimits: DEFAULT_RATE_LIMITS,
    sessionPurgeMs: 60 * 60 * 1000,
    readWorkers: readWorkersFrom(process.env.LANTERN_READ_WORKERS, 0),
    processes: 1,
    readWorkerMinMs: 0.03,
    databaseUrl: null,
    uploadsDir: null,
    passwordCost: SCRYPT_COST,
    trustProxy: [],
    tls: null,
    mdns: false,
    ...partial,
  });
}
