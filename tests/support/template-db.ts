import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createApp } from '../../server/app.js';
import { makeConfig, type AutoInstall } from '../../server/config.js';

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

/** The two template data dirs. */
export interface TemplateDirs {
  migrated: string;
  installed: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    lanternTemplates: TemplateDirs;
  }
}

/** Makes both templates under `root` by starting and closing an app in each (closing folds the WAL into the file). */
export async function makeTemplates(root: string): Promise<TemplateDirs> {
  const dirs = { migrated: join(root, 'migrated'), installed: join(root, 'installed') };
  for (const [dir, autoInstall] of [
    [dirs.migrated, null],
    [dirs.installed, TEST_INSTALL],
  ] as const) {
    mkdirSync(dir, { recursive: true });
    const app = await createApp(makeConfig({ dataDir: dir, logLevel: 'silent', autoInstall }));
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

/** Fills an empty data dir with a copy of a template. */
export async function copyTemplate(dataDir: string, kind: keyof TemplateDirs): Promise<void> {
  cpSync((await templates())[kind], dataDir, { recursive: true });
}
