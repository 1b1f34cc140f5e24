// A throwaway Lantern for tests: the built server (out/main/server.js) on 127.0.0.1 and a free port, or
// the desktop app where an Electron binary exists, on a temporary data dir that is removed afterwards;
// installed unattended with a known admin, and seeded empty, with a small site made through the API, or
// from a Stack Exchange dump imported with the built `lantern import-se`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElectronApplication, Page } from '@playwright/test';
import runtime from '../resources/server-runtime.json';
// @ts-expect-error plain .mjs module without types (the result is typed below)
import { detectElectron } from '../src-main/launcher/electron-detect.mjs';
import { LanternApi, type Account, type MadeQuestion, type Role } from './api.js';

/** What a Lantern starts with. */
export type Seed =
  /** The installed site with its admin and nothing else. */
  | 'empty'
  /** A few users, tags, questions, answers, comments and votes, made through the API (see SmallSite). */
  | 'small'
  /** A Stack Exchange data dump folder (Users.xml, Posts.xml, ...), imported before the server starts. */
  | { stackExchangeDump: string; site?: string };

export interface LanternOptions {
  seed?: Seed;
  /** Runs the desktop app (Electron) instead of the headless server; needs an Electron binary (see electronAvailable). */
  electron?: boolean;
  /** More environment for the server (e.g. LOGIN_REQUIRED: 'true'). */
  env?: Record<string, string>;
}

/** The installed admin of every Lantern these fixtures start. */
export const ADMIN = Object.freeze({ name: 'admin', email: 'admin@example.com', pass: 'admin-password' });
/** The site name the install gives (page titles end with " - " and it). */
export const SITE_NAME = 'Lantern Test Site';

/** What the 'small' seed makes. */
export interface SmallSite {
  /** Two members, and a moderator. */
  users: { alice: Account; bob: Account; moderator: Account };
  /** Tags: lanterns, oil, wicks. */
  tags: string[];
  /** Three questions: the first by alice with an accepted answer by bob, a comment by the moderator and up votes (the moderator's on the answer, the admin's on the question); the second answered; the third unanswered. */
  questions: MadeQuestion[];
  /** The answers' ids: bob's accepted answer to the first question, alice's to the second. */
  answers: string[];
}

/** What an import of a dump reported (the `lantern import-se --json` output's report). */
export type ImportReport = Record<string, unknown> & { users: { imported: number }; questions: { imported: number } };

/** A started Lantern. */
export interface Lantern {
  /** Its origin, e.g. http://127.0.0.1:43123 (no trailing slash). */
  url: string;
  /** The temporary data dir (removed by stop()). */
  dataDir: string;
  /** The installed admin. */
  admin: Account;
  /** The admin's API; `.as(account)` for another account's, `.as(null)` for a visitor's. */
  api: LanternApi;
  /** The account of a role: the admin, or a user or moderator made on the first ask and kept (anonymous: null). */
  account(role: Role): Promise<Account | null>;
  /** What the 'small' seed made (null with another seed). */
  small: SmallSite | null;
  /** What the dump import reported (null without a dump). */
  imported: ImportReport | null;
  /** The desktop app when started with electron: true. */
  electronApp: ElectronApplication | null;
  /** Stops the server (or app) and removes its data dir. */
  stop(): Promise<void>;
}

/** The package's folder: the nearest one up from this module with Lantern's package.json. */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'lantern') return dir;
    if (dirname(dir) === dir) throw new Error(`lantern/testing: no Lantern package.json above ${from}`);
  }
}

/** Whether the desktop app can run here: {ok: true, path} or {ok: false, reason}. */
export function electronAvailable(): { ok: true; path: string } | { ok: false; reason: string } {
  return detectElectron() as { ok: true; path: string } | { ok: false; reason: string };
}

function built(root: string, file: string): string {
  const path = join(root, 'out/main', file);
  if (!existsSync(path)) throw new Error(`lantern/testing needs the built app (${path} is missing): run npm run build`);
  return path;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

function installEnv(siteUrl: string): Record<string, string> {
  return {
    AUTO_INSTALL: 'true',
    SITE_NAME,
    SITE_URL: siteUrl,
    CONTACT_EMAIL: ADMIN.email,
    ADMIN_NAME: ADMIN.name,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.pass,
  };
}

/** Runs the built `lantern import-se` into the data dir (before the server opens it). */
function importDump(root: string, dump: { stackExchangeDump: string; site?: string }, dataDir: string): Promise<ImportReport> {
  const folder = resolve(dump.stackExchangeDump);
  if (!existsSync(folder)) return Promise.reject(new Error(`lantern/testing: the dump folder ${folder} does not exist`));
  const args = [...runtime.nodeFlags, built(root, 'cli.js'), 'import-se', folder, '--data-dir', dataDir, '--json'];
  if (dump.site) args.push('--site', dump.site);
  return new Promise((ok, fail) => {
    const child = spawn(process.execPath, args, { env: { ...runtime.env, ...process.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', fail);
    child.once('exit', (code) => {
      try {
        const r = JSON.parse(out) as { ok: boolean; report?: ImportReport; error?: unknown };
        if (code === 0 && r.ok && r.report) ok(r.report);
        else fail(new Error(`importing ${folder} failed (${code}): ${JSON.stringify(r.error ?? r)}`));
      } catch {
        fail(new Error(`importing ${folder} failed (${code}):\n${out}\n${err}`));
      }
    });
  });
}

async function waitUntilUp(url: string, exited: () => number | null, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      /* not up yet */
    }
    const code = exited();
    if (code !== null) throw new Error(`the Lantern server exited with ${code} before it answered`);
    if (Date.now() > deadline) throw new Error(`the Lantern server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  // SIGTERM: the server closes its database; one that hangs is killed after 10 s
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the built headless server on the data dir; returns its URL and how to stop it. */
async function startServer(root: string, dataDir: string, env: Record<string, string>) {
  const entry = built(root, 'server.js');
  // a port another process takes between the probe and the bind: try another
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      [...runtime.nodeFlags, entry, '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
      {
        env: { ...runtime.env, ...process.env, LANTERN_LOG_LEVEL: 'warn', ...installEnv(url), ...env },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    let code: number | null = null;
    child.once('exit', (c) => (code = c ?? -1));
    try {
      await waitUntilUp(url, () => code);
      return { url, stop: () => stopChild(child) };
    } catch (err) {
      await stopChild(child);
      if (attempt >= 3 || code === null) throw err;
    }
  }
}

/** Starts the desktop app with its own profile; its server's data dir is <profile>/data. */
async function startElectron(root: string, profile: string, env: Record<string, string>) {
  const found = electronAvailable();
  if (!found.ok) throw new Error(`lantern/testing: electron: true needs an Electron binary, and ${found.reason}`);
  const { _electron } = await import('@playwright/test');
  const app = await _electron.launch({
    executablePath: found.path,
    args: [built(root, 'index.js'), '--no-sandbox', '--disable-gpu'],
    // the desktop server listens where it remembers; SITE_URL is what the install records
    env: { ...process.env, ...installEnv('http://127.0.0.1'), LANTERN_USER_DATA: profile, LANTERN_LOG_LEVEL: 'warn', ...env } as Record<
      string,
      string
    >,
  });
  const win = await app.firstWindow();
  await win.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\//, { timeout: 90_000 });
  const url = new URL(win.url()).origin;
  await waitUntilUp(url, () => null);
  return { url, app, stop: () => app.close() };
}

/** Makes the 'small' site through the API. */
async function seedSmall(api: LanternApi): Promise<SmallSite> {
  const [alice, bob, moderator] = [
    await api.addUser({ name: 'alice', email: 'alice@example.com', pass: 'alice-password-1' }),
    await api.addUser({ name: 'bob', email: 'bob@example.com', pass: 'bob-password-1' }),
    await api.addUser({ name: 'mod', email: 'mod@example.com', pass: 'mod-password-1', role: 'moderator' }),
  ];
  const tags = [
    await api.tag({ slug: 'lanterns', displayName: 'lanterns', description: 'Lanterns of every kind: oil, candle, electric.' }),
    await api.tag({ slug: 'oil', displayName: 'oil', description: 'Lamp oil and paraffin.' }),
    await api.tag({ slug: 'wicks', displayName: 'wicks', description: 'Trimming and replacing wicks.' }),
  ];
  const q1 = await api.as(alice).question({
    title: 'How do I stop an oil lantern from smoking?',
    content: 'My oil lantern leaves soot on the glass after an hour. What am I doing wrong?',
    tags: ['lanterns', 'oil'],
  });
  const q2 = await api.as(bob).question({
    title: 'Which wick width fits a No. 2 burner?',
    content: 'The old wick is worn out and I do not know which width to buy.',
    tags: ['wicks'],
  });
  const q3 = await api.as(alice).question({
    title: 'Can I burn olive oil in a paraffin lantern?',
    content: 'I have plenty of olive oil and wonder whether it works in a paraffin lantern.',
    tags: ['oil'],
  });
  const a1 = await api.as(bob).answer(q1.id, 'Trim the wick flat and turn the flame down until the smoke stops.');
  const a2 = await api.as(alice).answer(q2.id, 'A No. 2 burner takes a 7/8 inch (22 mm) flat wick.');
  await api.as(alice).accept(q1.id, a1);
  await api.as(moderator).comment(q1.id, 'Which lamp oil do you use?');
  // new members lack the reputation to vote: staff do
  await api.as(moderator).vote(a1, 'up');
  await api.vote(q1.id, 'up');
  return { users: { alice, bob, moderator }, tags, questions: [q1, q2, q3], answers: [a1, a2] };
}

/** Starts a Lantern (see LanternOptions); stop() it when done. */
export async function startLantern(opts: LanternOptions = {}): Promise<Lantern> {
  const root = packageRoot();
  const seed = opts.seed ?? 'empty';
  const temp = mkdtempSync(join(tmpdir(), 'lantern-testing-'));
  const dataDir = opts.electron ? join(temp, 'data') : temp;
  let stopRunning: () => Promise<void> = async () => undefined;
  const stop = async () => {
    await stopRunning();
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    mkdirSync(dataDir, { recursive: true });
    const imported = typeof seed === 'object' ? await importDump(root, seed, dataDir) : null;
    let url: string;
    let electronApp: ElectronApplication | null = null;
    if (opts.electron) {
      const started = await startElectron(root, temp, opts.env ?? {});
      ({ url } = started);
      electronApp = started.app;
      stopRunning = started.stop;
    } else {
      const started = await startServer(root, dataDir, opts.env ?? {});
      ({ url } = started);
      stopRunning = started.stop;
    }
    const admin = await new LanternApi(url).login(ADMIN.email, ADMIN.pass);
    const api = new LanternApi(url, admin.token);
    const small = seed === 'small' ? await seedSmall(api) : null;
    const accounts = new Map<Role, Promise<Account | null>>([
      ['admin', Promise.resolve(admin)],
      ['anonymous', Promise.resolve(null)],
    ]);
    const account = (role: Role): Promise<Account | null> => {
      let a = accounts.get(role);
      if (!a) {
        a = api.addUser({ role: role as 'user' | 'moderator' });
        accounts.set(role, a);
      }
      return a;
    };
    return { url, dataDir, admin, api, account, small, imported, electronApp, stop };
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
}

/**
 * Hands a page the login of `account` (null: logs it out) the way the app keeps it: in a browser, the
 * local storage entry the UI reads; in the desktop app, the token store behind its bridge. The page is
 * loaded again on `url`.
 */
export async function logPageIn(page: Page, url: string, account: Account | null, electron: boolean): Promise<void> {
  if (electron) {
    await page.evaluate(async (token) => {
      const bridge = (window as unknown as { lantern: { setToken(t: string): Promise<void>; clearToken(): Promise<void> } }).lantern;
      if (token) await bridge.setToken(token);
      else await bridge.clearToken();
    }, account?.token ?? '');
    await page.goto(url);
    return;
  }
  if (account)
    await page.addInitScript(
      (token) => localStorage.setItem('lantern.token', JSON.stringify({ v: token, exp: Date.now() + 86_400_000 })),
      account.token,
    );
  await page.goto(url);
}
