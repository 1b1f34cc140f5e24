import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { DialectHandle } from './db/dialect/handle.js';
import type { Clock } from './infra/clock.js';
import type { CaptchaService } from './infra/captcha/captcha.service.js';
import type { RateLimiter } from './infra/captcha/rate-limit.js';
import type { Passwords } from './infra/password/password.js';
import type { Mailer } from './infra/mail/mailer.js';
import type { HostControl } from './infra/host-control.js';
import type { EventBus } from './infra/events.js';
import type { TtlCache } from './infra/ttl-cache.js';
import type { Peers } from './infra/peers.js';
import type { TlsInfo } from './infra/tls.js';
import type { Sessions } from './modules/session/session.service.js';
import type { SiteSettings } from './modules/siteinfo/siteinfo.service.js';
import type { ApiKeyResolver } from './http/api-key-caller.js';
import type { AppState } from './infra/app-state.js';
import type { JobRegistry } from './infra/jobs/registry.js';

/** Everything a module needs, built once per app instance (no module-level state). */
export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly dialect: DialectHandle;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly settings: SiteSettings;
  readonly sessions: Sessions;
  /** Resolves an API key sent as the Authorization header (modules/api-key). */
  readonly apiKeys: ApiKeyResolver;
  readonly mailer: Mailer;
  readonly captcha: CaptchaService;
  /** Attempt limits of login, registration and account mails. */
  readonly limits: RateLimiter;
  /** Hashes and checks every password (scrypt; old bcrypt hashes in a worker thread). */
  readonly passwords: Passwords;
  /** Values allowed to lag a few seconds (list totals). */
  readonly cache: TtlCache;
  /** The other server processes on this database: drops of what is kept in memory go to them. */
  readonly peers: Peers;
  /** Domain events (notifications, badges and mail subscribe). */
  readonly events: EventBus;
  /** Who hosts this server (the desktop shell's LAN switch). */
  readonly host: HostControl;
  /** Where the server listens, once it does (port 0 resolved). */
  readonly binding: { host: string; port: number };
  /** The certificate it serves HTTPS with (config.tls), or null for plain HTTP. */
  readonly tls: TlsInfo | null;
  /** Unix seconds when this instance started. */
  readonly startedAt: number;
  /** Work to finish before the database closes (open sessions, a running import); run by app.close() after the jobs stopped. */
  readonly beforeClose: (() => Promise<void>)[];
  /** The background jobs (modules/jobs.ts): started by createApp, stopped in reverse order by app.close(). */
  readonly jobs: JobRegistry;
  /** Per-app state modules keep between requests (see appSlot), instead of module-level maps keyed by the app. */
  readonly state: AppState;
}
