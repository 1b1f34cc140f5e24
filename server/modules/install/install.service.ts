import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../app-context.js';
import type { AutoInstall } from '../../config.js';
import { isLanguage } from '../../contract/languages.js';
import { MAIL_STATUS, ROLE } from '../../contract/limits.js';
import { badRequest } from '../../http/errors.js';
import { GROUP_DEFAULTS } from '../siteinfo/siteinfo.defaults.js';
import { normaliseSiteUrl } from '../siteinfo/site-url.js';
import { createAccount, hashPassword } from '../user/user.accounts.js';
import { findUserByEmail } from '../user/user.repository.js';
import type { BaseInfoInput, CheckDatabaseInput } from './install.schema.js';

/** The install record written by /installation/init (the reference's config file). */
export interface InstallConfigFile {
  db_type: 'sqlite3';
  db_file: string;
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

/** Lantern keeps its data in the data dir's SQLite file; other engines are refused for now. */
export function checkDatabase(input: CheckDatabaseInput) {
  if (input.db_type !== 'sqlite3') throw badRequest('error.database.connection_failed', [], { err_type: 'alert' });
  return { connection_success: true };
}

/** Writes the config file (idempotent, as the reference's init). */
export async function initEnvironment(ctx: AppContext, input: CheckDatabaseInput): Promise<void> {
  await refuseWhenInstalled(ctx);
  checkDatabase(input);
  if (readConfigFile(ctx)) return;
  const content: InstallConfigFile = { db_type: 'sqlite3', db_file: 'lantern.db', created_at: ctx.clock.now() };
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
  const passHash = await hashPassword(input.password);
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
    writeFileSync(configFilePath(ctx), JSON.stringify({ db_type: 'sqlite3', db_file: 'lantern.db', created_at: now }, null, 2), {
      mode: 0o600,
    });
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
