// The `lantern` command and the server run from a production install: package.json, its lock, the
// built out/ and the bin, with `npm ci --omit=dev` (no tsx, no TypeScript, no build tools). Slow:
// better-sqlite3 is built from source when no prebuilt binary can be fetched (a minute or two).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTinyDump } from '../support/tiny-dump.js';

const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
let install: string;
let bin: string;
const temps: string[] = [];

function temp(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
}

/** Runs the installed bin; returns its exit code and output. */
function lantern(args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: install,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(() => {
  if (!existsSync(join(root, 'out/main/cli.js')))
    throw new Error('out/main/cli.js is missing: run npm run build (tests/long/run.mjs builds first)');
  install = temp('lantern-omit-dev-');
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(root, f), join(install, f));
  cpSync(join(root, 'out'), join(install, 'out'), { recursive: true });
  mkdirSync(join(install, 'server/cli'), { recursive: true });
  cpSync(join(root, 'server/cli/bin.mjs'), join(install, 'server/cli/bin.mjs'));
  bin = join(install, 'server/cli/bin.mjs');
  const ci = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: install, encoding: 'utf8', timeout: 20 * 60_000 });
  if (ci.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${ci.stdout}\n${ci.stderr}`);
}, 25 * 60_000);

afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

describe('a production install (npm ci --omit=dev)', () => {
  it('has no dev dependency: no tsx, no build tools, no type packages', () => {
    // (typescript itself comes in as i18next's peer dependency, so it is not in this list)
    for (const dev of ['tsx', 'vite', 'vitest', 'electron', '@types/cookie-parser', '@types/yauzl', '@types/multicast-dns']) {
      expect(existsSync(join(install, 'node_modules', dev)), dev).toBe(false);
    }
  });

  it('runs lantern --version, import-se and check --json from the built CLI', () => {
    const version = lantern(['--version']);
    expect(version.code, version.err).toBe(0);
    expect(version.out).toBe(`${pkg.version}\n`);

    const dataDir = temp('lantern-omit-dev-data-');
    const dump = writeTinyDump([{ id: 3, name: 'Prod Only', reputation: 55 }]);
    temps.push(dump);
    const imported = lantern(['import-se', dump, '--data-dir', dataDir, '--site', 'coffee.stackexchange.com', '--json']);
    expect(imported.code, imported.err).toBe(0);
    expect(JSON.parse(imported.out)).toMatchObject({ ok: true, command: 'import-se', report: { users: { imported: 1 } } });

    const check = lantern(['check', '--data-dir', dataDir, '--json']);
    expect(check.code, check.err).toBe(0);
    expect(JSON.parse(check.out)).toMatchObject({
      ok: true,
      command: 'check',
      integrity: 'ok',
      pendingMigrations: 0,
      version: pkg.version,
    });

    const reset = lantern(['reset-password', '--data-dir', dataDir, '--username', 'nobody-here', '--json']);
    expect(reset.code).toBe(1);
    expect(JSON.parse(reset.out)).toMatchObject({ ok: false, error: { code: 'failed', message: 'There is no user named nobody-here.' } });
  });

  it('serves with lantern serve, logging JSON lines to stdout and to <data dir>/logs/lantern.log', async () => {
    const dataDir = temp('lantern-omit-dev-serve-');
    const child = spawn(process.execPath, [bin, 'serve', '--data-dir', dataDir, '--port', '0', '--access-log'], {
      cwd: install,
      env: { ...process.env, LANTERN_LOG_FORMAT: 'json', LANTERN_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the server did not serve within 2 min:\n${out}\n${err}`)), 120_000);
        const look = () => {
          const line = out.split('\n').find((l) => l.includes('"lantern is serving"'));
          if (line) {
            clearTimeout(timer);
            resolve((JSON.parse(line) as { url: string }).url);
          }
        };
        child.stdout.on('data', look);
        void exited.then((code) => reject(new Error(`the server exited (${code}):\n${out}\n${err}`)));
      });
      const health = await fetch(`${url}/healthz`);
      expect(await health.text()).toBe('OK');
      expect((await fetch(`${url}/answer/api/v1/siteinfo`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const file = readFileSync(join(dataDir, 'logs', 'lantern.log'), 'utf8')
      .trim()
      .split('\n');
    const lines = file.map((l) => JSON.parse(l) as { msg: string; access?: { path: string; status: number } });
    expect(lines.map((l) => l.msg)).toContain('lantern is serving');
    expect(lines.map((l) => l.access).filter(Boolean)).toContainEqual(expect.objectContaining({ path: '/healthz', status: 200 }));
  });
});
