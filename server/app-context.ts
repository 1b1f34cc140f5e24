import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { DialectHandle } from './db/dialect/sqlite.js';
import type { Clock } from './infra/clock.js';
import type { CaptchaService } from './infra/captcha/captcha.service.js';
import type { Mailer } from './infra/mail/mailer.js';
import type { Sessions } from './modules/session/session.service.js';
import type { SiteSettings } from './modules/siteinfo/siteinfo.service.js';

/** Everything a module needs, built once per app instance (no module-level state). */
export interface AppContext {
  readonly config: Config;
  readonly db: Db;
  readonly dialect: DialectHandle;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly settings: SiteSettings;
  readonly sessions: Sessions;
  readonly mailer: Mailer;
  readonly captcha: CaptchaService;
  /** Unix seconds when this instance started. */
  readonly startedAt: number;
}
