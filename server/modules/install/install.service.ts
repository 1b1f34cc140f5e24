import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { AutoInstall } from '../../config.js';
import { isLanguage } from '../../contract/languages.js';
import { MAIL_STATUS, ROLE } from '../../contract/limits.js';
import { AppError, badRequest } from '../../http/errors.js';
import { checkPostgres } from '../../db/dialect/postgres.js';
import { GROUP_DEFAULTS } from '../siteinfo/siteinfo.defaults.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { createAccount } from '../user/user.accounts.js';
import { findUserByEmail } from '../user/user-common.service.js';
import type { BaseInfoInput, CheckDatabaseInput } from './install.schema.js';

/** The install record written by /installation/init (the reference's config file; the password is never written). */
export interface InstallConfigFile {
  db_type: 'sqlite3' | 'postgres';
  db_file?: string;
  db_host?: string;
  db_name?: string;
  created_at: number;
}

/** The config file's path in the data dir. */
export function configFilePath(ctx: AppContext): string {
  return join(ctx.config.dataDir, 'config.json');
}

/** Reads the config file, or null when absent or unreadable. */
export function readConfigFile(ctx: AppContext): InstallConfigFile | null {
  const file = configFilePath(ctx);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as InstallConfigFile;
  } catch {
    return null;
  }
}

/** The answer of config-file/check. */
export async function checkConfigFile(ctx: AppContext) {
  const exists = readConfigFile(ctx) !== null;
  return {
    config_file_exist: exists,
    db_connection_success: exists,
    db_table_exist: exists && (await ctx.settings.isInstalled()),
  };
}

function connectionFailed(detail: string): AppError {
  return new AppError(400, 'error.database.connection_failed', { err_type: 'alert' }, [], { detail: `: ${detail}` });
}

/**
 * The installer's PostgreSQL fields as a connection string: db_host is "host" or "host:port" (as the
 * reference's form asks), ssl_mode one of PostgreSQL's sslmode values.
 */
export function postgresUrlOf(input: CheckDatabaseInput): string {
  const hostPort = (input.db_host ?? '').trim();
  const name = (input.db_name ?? '').trim();
  if (!hostPort || !name) throw connectionFailed('enter the database host and name');
  const match = /^(\[[^\]]+\]|[^:/\s]+)(?::(\d{1,5}))?$/.exec(hostPort);
  if (!match || (match[2] !== undefined && (Number(match[2]) < 1 || Number(match[2]) > 65535)))
    throw connectionFailed('the database host must be a host name or address, with an optional :port');
  const url = new URL('postgres://localhost');
  url.hostname = match[1];
  url.port = match[2] ?? '5432';
  url.pathname = `/${encodeURIComponent(name)}`;
  url.username = encodeURIComponent(input.db_username ?? '');
  url.password = encodeURIComponent(input.db_password ?? '');
  const sslMode = input.ssl_enabled ? input.ssl_mode || 'require' : '';
  if (sslMode) {
    if (!['require', 'verify-ca', 'verify-full', 'prefer', 'disable'].includes(sslMode))
      throw connectionFailed(`unknown SSL mode ${sslMode}`);
    url.searchParams.set('sslmode', sslMode);
  }
  return url.toString();
}

/** The same database: host, port and name (who connects may differ). */
function sameDatabase(a: string, b: string): boolean {
  const x = new URL(a);
  const y = new URL(b);
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
}

/**
 * Tests the database the installer's form names: SQLite is the data dir's file; PostgreSQL is
 * connected to, and a wrong host, password or database is said in the alert. MySQL is not supported.
 */
export async function checkDatabase(ctx: AppContext, input: CheckDatabaseInput) {
  if (input.db_type === 'mysql') throw connectionFailed('Lantern runs on SQLite or PostgreSQL, not MySQL');
  if (input.db_type === 'sqlite3') {
    if (ctx.dialect.name === 'postgres') throw new AppError(400, 'error.database.runs_on_postgres', { err_type: 'alert' });
    return { connection_success: true };
  }
  const problem = await checkPostgres(postgresUrlOf(input));
  if (problem) throw connectionFailed(problem);
  return { connection_success: true };
}

/** Writes the config file (idempotent, as the reference's init). */
export async function initEnvironment(ctx: AppContext, input: CheckDatabaseInput): Promise<void> {
  await refuseWhenInstalled(ctx);
  await checkDatabase(ctx, input);
  if (input.db_type === 'postgres') {
    const chosen = postgresUrlOf(input);
    // the database is chosen when the server starts (every process must open the same one): a
    // PostgreSQL database other than the one this server runs on needs a restart pointed at it
    if (!ctx.config.databaseUrl || !sameDatabase(chosen, ctx.config.databaseUrl)) {
      const shown = new URL(chosen);
      if (shown.password) shown.password = '********';
      throw new AppError(400, 'error.database.restart_on_postgres', { err_type: 'alert' }, [], { url: shown.toString() });
    }
  }
  if (readConfigFile(ctx)) return;
  const content: InstallConfigFile =
    ctx.dialect.name === 'postgres'
      ? { db_type: 'postgres', db_host: input.db_host, db_name: input.db_name, created_at: ctx.clock.now() }
      : { db_type: 'sqlite3', db_file: 'lantern.db', created_at: ctx.clock.now() };
  try {
    writeFileSync(configFilePath(ctx), JSON.stringify(content, null, 2), { mode: 0o600 });
  } catch {
    throw badRequest('error.install.create_config_failed', [], { err_type: 'alert' });
  }
}

/** Refuses every installer call once the site exists. */
export async function refuseWhenInstalled(ctx: AppContext): Promise<void> {
  if (await ctx.settings.isInstalled()) throw badRequest('error.database.already_installed', [], { err_type: 'alert' });
}

/** Creates the admin and the site settings in one transaction. */
export async function installBaseInfo(ctx: AppContext, input: BaseInfoInput): Promise<void> {
  await refuseWhenInstalled(ctx);
  if (!isLanguage(input.lang)) throw badRequest('base.request_format_error', [{ field: 'lang', key: 'error.lang.not_found' }]);
  const now = ctx.clock.now();
  const siteUrl = normaliseSiteUrl(input.site_url);
  const passHash = await ctx.passwords.hash(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    if (await findUserByEmail(trx, input.email))
      throw badRequest('base.request_format_error', [{ field: 'email', key: 'error.email.duplicate' }]);
    await createAccount(trx, {
      displayName: input.name,
      email: input.email,
      passHash,
      mailStatus: MAIL_STATUS.verified,
      rank: 1,
      roleId: ROLE.admin,
      allowReservedUsername: true,
      language: input.lang,
      now,
    });
    const put = ctx.settings.put.bind(ctx.settings);
    await put('interface', { ...GROUP_DEFAULTS.interface, language: input.lang }, trx);
    await put('login', { ...GROUP_DEFAULTS.login, login_required: input.login_required }, trx);
    await put('legal', { ...GROUP_DEFAULTS.legal, external_content_display: input.external_content_display }, trx);
    await put('seo', { ...GROUP_DEFAULTS.seo }, trx);
    await put('users', { ...GROUP_DEFAULTS.users }, trx);
    await put('write', { ...GROUP_DEFAULTS.write }, trx);
    await put('theme', { ...GROUP_DEFAULTS.theme }, trx);
    await put('privileges', { level: 2 }, trx);
    // general last: its presence is what "installed" means
    await put('general', { ...GROUP_DEFAULTS.general, name: input.site_name, site_url: siteUrl, contact_email: input.contact_email }, trx);
  });
  if (!readConfigFile(ctx)) {
    const content: InstallConfigFile =
      ctx.dialect.name === 'postgres'
        ? { db_type: 'postgres', created_at: now }
        : { db_type: 'sqlite3', db_file: 'lantern.db', created_at: now };
    writeFileSync(configFilePath(ctx), JSON.stringify(content, null, 2), { mode: 0o600 });
  }
  ctx.settings.invalidate();
  ctx.logger.info({ site: input.site_name, admin: input.email }, 'site installed');
}

/** AUTO_INSTALL: installs from the environment when the site is not installed yet. */
export async function runAutoInstall(ctx: AppContext, a: AutoInstall): Promise<void> {
  if (await ctx.settings.isInstalled()) return;
  await installBaseInfo(ctx, {
    lang: a.language,
    site_name: a.siteName,
    site_url: a.siteUrl,
    contact_email: a.contactEmail,
    name: a.adminName,
    password: a.adminPassword,
    email: a.adminEmail,
    login_required: a.loginRequired,
    external_content_display: a.externalContentDisplay,
  });
}
