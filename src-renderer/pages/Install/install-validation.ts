import type { TFunction } from 'i18next';
import type { BaseInfo, DatabaseForm } from '../../api/install/install-calls';
import { LIMITS } from '../../../server/contract/limits';
import { checkEmail, checkName, checkPassword, compact, type Errors } from '../../utils/validation';

/** The site and admin form of the installer: the base-info call without the language. */
export type SiteForm = Omit<BaseInfo, 'lang'>;

/** Checks the form with the spec's rules (site name <= 30, URL <= 512, password 8-32). */
export function checkSiteForm(t: TFunction, f: SiteForm): Errors {
  const name = f.site_name.trim();
  const url = f.site_url.trim();
  return compact({
    site_name: !name ? t('install.site_name_required') : name.length > LIMITS.siteName.max ? t('install.site_name_max') : undefined,
    site_url: !url
      ? t('install.site_url_required')
      : url.length > LIMITS.siteUrl.max
        ? t('install.site_url_max')
        : !/^https?:\/\/[^\s/]+/i.test(url)
          ? t('install.site_url_invalid')
          : undefined,
    contact_email: checkEmail(t, f.contact_email),
    name: checkName(t, f.name),
    password: checkPassword(t, f.password),
    email: checkEmail(t, f.email),
  });
}

/** The database step's inputs: every PostgreSQL field is kept while SQLite is chosen, so switching back loses nothing. */
export interface DatabaseChoice {
  db_type: DatabaseForm['db_type'];
  db_host: string;
  db_name: string;
  db_username: string;
  db_password: string;
  ssl_enabled: boolean;
}

/** Host, database and user are needed to reach PostgreSQL (the password may be empty under trust auth); SQLite needs nothing. */
export function checkDatabaseChoice(t: TFunction, f: DatabaseChoice): Errors {
  if (f.db_type !== 'postgres') return {};
  return compact({
    db_host: f.db_host.trim() ? undefined : t('install.db_host_required'),
    db_name: f.db_name.trim() ? undefined : t('install.db_name_required'),
    db_username: f.db_username.trim() ? undefined : t('install.db_username_required'),
  });
}

/** The body of db/check and init: SQLite's alone, PostgreSQL's with its fields (the password as typed). */
export function databaseBody(f: DatabaseChoice): DatabaseForm {
  if (f.db_type !== 'postgres') return { db_type: 'sqlite3' };
  return {
    db_type: 'postgres',
    db_host: f.db_host.trim(),
    db_name: f.db_name.trim(),
    db_username: f.db_username.trim(),
    db_password: f.db_password,
    ssl_enabled: f.ssl_enabled,
    // 'require' encrypts without checking the certificate, what "Use SSL" promises on a self-run server
    ...(f.ssl_enabled ? { ssl_mode: 'require' } : {}),
  };
}

/** The base-info body: the form with its names and address trimmed, and the language chosen on the first step. */
export function siteBody(f: SiteForm, lang: string): BaseInfo {
  return { ...f, lang, site_name: f.site_name.trim(), site_url: f.site_url.trim(), name: f.name.trim() };
}
