import { z } from 'zod';
import { email, password, text } from './fields.js';
import { LIMITS } from '../limits.js';

/** POST /installation/db/check and /installation/init. */
export const checkDatabaseSchema = z.object({
  db_type: z.enum(['sqlite3', 'postgres', 'mysql'], { error: 'validation.required' }),
  db_file: z.string().max(1024).optional(),
  db_host: z.string().max(512).optional(),
  db_name: z.string().max(128).optional(),
  db_username: z.string().max(128).optional(),
  db_password: z.string().max(256).optional(),
  ssl_enabled: z.boolean().optional(),
  ssl_mode: z.string().max(32).optional(),
  ssl_cert: z.string().max(4096).optional(),
  ssl_key: z.string().max(4096).optional(),
  ssl_root_cert: z.string().max(4096).optional(),
  /** Lantern's: the setup code printed on the console, asked of a browser on another machine. */
  setup_code: z.string().max(32).optional(),
});
export type CheckDatabaseInput = z.infer<typeof checkDatabaseSchema>;

/** POST /installation/base-info. */
export const baseInfoSchema = z.object({
  lang: text({ max: 30 }),
  site_name: text({ max: LIMITS.siteName.max }),
  site_url: text({ max: LIMITS.siteUrl.max }).refine((v) => /^https?:\/\/[^\s/]+/i.test(v), 'validation.url'),
  contact_email: email(),
  name: text({ min: LIMITS.displayName.min, max: LIMITS.displayName.max }),
  password: password(),
  email: email(),
  login_required: z.boolean().optional().default(false),
  external_content_display: z.enum(['always_display', 'ask_before_display']).optional().default('ask_before_display'),
  /** Lantern's: the setup code printed on the console, asked of a browser on another machine. */
  setup_code: z.string().max(32).optional(),
});
export type BaseInfoInput = z.infer<typeof baseInfoSchema>;

/** GET /installation/language/config. */
export const langQuerySchema = z.object({ lang: z.string().max(30).optional() });

/** POST /installation/setup-code/check (Lantern's own). */
export const setupCodeSchema = z.object({ setup_code: z.string().max(32).optional() });
