import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type AppDeps, type LanternApp } from '../../server/app.js';
import { makeConfig, type Config } from '../../server/config.js';
import { TEST_SCRYPT_COST } from '../../server/infra/password/password.js';
import { copyTemplate, TEST_INSTALL } from './template-db.js';
import { databaseForDataDir, dropDatabaseOfDataDir } from './pg-test-db.js';
import { assertNoSecrets, SecretsScanner } from './secrets-scan.js';

/** A started app on an ephemeral port with its own temporary data dir. */
export interface TestApp {
  lantern: LanternApp;
  url: string;
  dataDir: string;
  /** fetch against the app; JSON in, envelope out. */
  call(
    method: string,
    path: string,
    opts?: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  stop(): Promise<void>;
}

/** Starts an isolated app; `install` runs the unattended install with a known admin. */
export async function startTestApp(opts: { install?: boolean; config?: Partial<Config>; deps?: AppDeps } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-test-'));
  // LANTERN_TEST_LOG_LEVEL=error shows what a test's server logged (a 500's cause, say)
  let config = makeConfig({
    dataDir,
    logLevel: process.env.LANTERN_TEST_LOG_LEVEL ?? 'silent',
    autoInstall: opts.install === false ? null : TEST_INSTALL,
    // cheap password hashes (a test-only cost; a server's config always has the product's)
    passwordCost: TEST_SCRYPT_COST,
    ...opts.config,
  });
  // start from the run's template: installed when the install is the default one at the real time, else only migrated
  // (on a PostgreSQL run, the template's database is copied too; a data dir given by the test keeps its site's database)
  const databaseUrl =
    config.dataDir === dataDir
      ? await copyTemplate(dataDir, config.autoInstall === TEST_INSTALL && !opts.deps?.clock ? 'installed' : 'migrated')
      : await databaseForDataDir(config.dataDir);
  if (databaseUrl && opts.config?.databaseUrl === undefined) config = makeConfig({ ...config, databaseUrl });
  const lantern = await createApp(config, opts.deps);
  const scanner = new SecretsScanner(lantern);
  const { url } = await lantern.listen(0, '127.0.0.1');
  return {
    lantern,
    url,
    dataDir,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      if (o.token) headers.authorization = o.token;
      if (o.lang) headers['accept-language'] = o.lang;
      const requestBody = o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      const started = scanner.begin();
      const res = await fetch(url + path, { method, headers, body: requestBody, redirect: 'manual' });
      const text = await res.text();
      await assertNoSecrets(scanner, {
        method,
        path,
        requestText: `${path} ${requestBody ?? ''}`,
        token: o.token,
        started,
        responseText: text,
      });
      let body: any = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body, headers: res.headers };
    },
    async stop() {
      await lantern.close();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabaseOfDataDir(dataDir);
    },
  };
}
