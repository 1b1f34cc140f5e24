import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../server/app.js';
import { makeConfig, type AutoInstall } from '../../server/config.js';
import { TEST_SCRYPT_COST } from '../../server/infra/password/password.js';
import { createDatabase, databaseForDataDir, testDatabaseUrl } from './pg-test-db.js';

// Test apps start from data dirs made once per run (by tests/support/vitest-global-setup.ts):
// one migrated, one migrated and installed with TEST_INSTALL. A new app copies one of them, so it
// neither runs every migration nor hashes the admin's password again. The migration tests still
// migrate from scratch; they open their own databases.

/** The unattended install every test app gets unless a test asks for another. */
export const TEST_INSTALL: AutoInstall = Object.freeze({
  siteName: 'Test Site',
  siteUrl: 'http://127.0.0.1',
  contactEmail: 'contact@example.com',
  adminName: 'admin',
  adminPassword: 'admin-password',
  adminEmail: 'admin@example.com',
  language: 'en_US',
  loginRequired: false,
  externalContentDisplay: 'always_display',
});

/** The two template data dirs, and on a PostgreSQL run the names of their template databases. */
export interface TemplateDirs {
  migrated: string;
  installed: string;
  databases?: { migrated: string; installed: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    lanternTemplates: TemplateDirs;
  }
}

/**
 * Makes both templates under `root` by starting and closing an app in each (closing folds the WAL
 * into the file; on PostgreSQL it ends every connection, so the database can be copied).
 * `prefix` names the template databases of a PostgreSQL run.
 */
export async function makeTemplates(root: string, prefix = `lt_tpl_${process.pid}`): Promise<TemplateDirs> {
  const dirs: TemplateDirs = { migrated: join(root, 'migrated'), installed: join(root, 'installed') };
  if (testDatabaseUrl()) dirs.databases = { migrated: `${prefix}_migrated`, installed: `${prefix}_installed` };
  for (const [kind, autoInstall] of [
    ['migrated', null],
    ['installed', TEST_INSTALL],
  ] as const) {
    const dir = dirs[kind];
    mkdirSync(dir, { recursive: true });
    const databaseUrl = dirs.databases ? await createDatabase(dirs.databases[kind]) : null;
    const app = await createApp(makeConfig({ dataDir: dir, logLevel: 'silent', autoInstall, databaseUrl, passwordCost: TEST_SCRYPT_COST }));
    await app.close();
  }
  return dirs;
}

let local: Promise<TemplateDirs> | undefined;

/** The run's templates; made in this process when no global setup provided them (e.g. another config). */
function templates(): Promise<TemplateDirs> {
  let provided: TemplateDirs | undefined;
  try {
    provided = inject('lanternTemplates');
  } catch {
    provided = undefined;
  }
  if (provided) return Promise.resolve(provided);
  local ??= (async () => {
    const root = mkdtempSync(join(tmpdir(), 'lantern-template-'));
    process.once('exit', () => rmSync(root, { recursive: true, force: true }));
    return makeTemplates(root);
  })();
  return local;
}

/** Fills an empty data dir with a copy of a template; resolves with its site's database on a PostgreSQL run (a copy of the template database), else null. */
export async function copyTemplate(dataDir: string, kind: 'migrated' | 'installed'): Promise<string | null> {
  const made = await templates();
  cpSync(made[kind], dataDir, { recursive: true });
  return made.databases ? databaseForDataDir(dataDir, made.databases[kind]) : null;
}
