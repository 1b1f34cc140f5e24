import { api, INSTALL } from '../client';

/** A language choice of the installer (the contract's). */
export type { LanguageOption as LangOption } from '../../../server/contract/languages';

/** GET /installation/language/options. */
export const fetchInstallLanguages = () => api.get(`${INSTALL}/language/options`, undefined, { handleErrors: true });
/** POST /installation/config-file/check; setup_code_required is Lantern's (absent from other servers). */
export const checkConfigFile = () => api.post(`${INSTALL}/config-file/check`, {}, { handleErrors: true });
/** The setup code a browser on another machine sends with each installer step (printed on the server's console). */
export interface WithSetupCode {
  setup_code?: string;
}
/** POST /installation/setup-code/check (Lantern's): a wrong code is a field error on setup_code. */
export const checkSetupCode = (setup_code: string) => api.post(`${INSTALL}/setup-code/check`, { setup_code }, { handleErrors: true });
/**
 * The database answers of step 2, as db/check and init take them. SQLite is the data folder's file
 * and needs no other field; PostgreSQL is named by host ("host" or "host:port"), database, user and
 * password. The server also knows 'mysql' only to refuse it, so the installer never offers it.
 */
export interface DatabaseForm {
  db_type: 'sqlite3' | 'postgres';
  db_host?: string;
  db_name?: string;
  db_username?: string;
  db_password?: string;
  ssl_enabled?: boolean;
  /** PostgreSQL's sslmode; sent with ssl_enabled. */
  ssl_mode?: string;
}
/** POST /installation/db/check: connects to the chosen database; a failure is an alert saying why. */
export const checkDatabase = (body: DatabaseForm & WithSetupCode) => api.post(`${INSTALL}/db/check`, body, { handleErrors: true });
/** POST /installation/init. */
export const initDatabase = (body: DatabaseForm & WithSetupCode) => api.post(`${INSTALL}/init`, body, { handleErrors: true });
/** The site and admin answers of step 3. */
export interface BaseInfo {
  lang: string;
  site_name: string;
  site_url: string;
  contact_email: string;
  name: string;
  password: string;
  email: string;
  login_required: boolean;
  external_content_display: 'always_display' | 'ask_before_display';
}
/** POST /installation/base-info. */
export const submitBaseInfo = (body: BaseInfo & WithSetupCode) => api.post(`${INSTALL}/base-info`, body, { handleErrors: true });
