import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
// the server runs with the Node flags it ships with
const runtime = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8')) as {
  nodeFlags: string[];
  env: Record<string, string>;
};

/** A free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A built Lantern server in a child process with a fresh data dir. */
export interface E2EServer {
  url: string;
  dataDir: string;
  /** Reads the answer of a captcha from the server's database (as a person reads the image). */
  captchaAnswer(id: string): string;
  stop(): Promise<void>;
}

/** The environment keys an unattended install reads: two servers alike in these start from the same database. */
const INSTALL_KEYS = [
  'AUTO_INSTALL',
  'SITE_NAME',
  'SITE_URL',
  'CONTACT_EMAIL',
  'ADMIN_NAME',
  'ADMIN_PASSWORD',
  'ADMIN_EMAIL',
  'LANGUAGE',
  'LOGIN_REQUIRED',
  'EXTERNAL_CONTENT_DISPLAY',
];

/** The templates the global setup prepares: a migrated database, and one installed with INSTALLED. */
export const TEMPLATES = { fresh: {} as Record<string, string>, installed: {} as Record<string, string> };

/** Which template (if any) a server started with `env` may begin from: only when env holds install settings alone. */
export function templateFor(env: Record<string, string>): keyof typeof TEMPLATES | null {
  if (Object.keys(env).some((k) => !INSTALL_KEYS.includes(k))) return null;
  const same = (a: Record<string, string>) => INSTALL_KEYS.every((k) => (a[k] ?? process.env[k]) === (env[k] ?? process.env[k]));
  if (same(TEMPLATES.fresh)) return 'fresh';
  if (same(TEMPLATES.installed)) return 'installed';
  return null;
}

/** Spawns the built server on a data dir and waits until it answers /healthz. */
async function spawnServer(
  dataDir: string,
  env: Record<string, string>,
  onParentMessage?: (m: unknown) => void,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...runtime.nodeFlags, join(root, 'out/main/server.js'), '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      env: { ...runtime.env, ...process.env, LANTERN_LOG_LEVEL: 'warn', ...env },
      stdio: onParentMessage ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
    },
  );
  if (onParentMessage) child.on('message', onParentMessage);
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  const url = `http://127.0.0.1:${port}`;
  // a loaded machine can take long to load the server's modules: the wait ends as soon as it answers
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (exited !== null) throw new Error(`server exited with ${exited} before it answered`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, child };
}

/** Stops a spawned server (SIGTERM: it closes the database, which checkpoints its WAL). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Prepares the template data dirs under `dir` (global setup, once per run): a server started on each
 * migrates (and installs) and is stopped, so the spec servers copy a ready database instead.
 */
export async function prepareTemplates(dir: string): Promise<void> {
  await Promise.all(
    (Object.keys(TEMPLATES) as (keyof typeof TEMPLATES)[]).map(async (name) => {
      const dataDir = join(dir, name);
      mkdirSync(dataDir, { recursive: true });
      const { child } = await spawnServer(dataDir, TEMPLATES[name]);
      await stopChild(child);
      if (!existsSync(join(dataDir, 'lantern.db')) || existsSync(join(dataDir, 'lantern.db-wal')))
        throw new Error(`template ${name} was not closed cleanly`);
    }),
  );
}

/**
 * Starts out/main/server.js on 127.0.0.1 with a data dir of its own; env may carry AUTO_INSTALL settings;
 * `onParentMessage` runs it as the desktop shell does (with an IPC channel). A server whose env holds
 * only the install settings of a template (none, or INSTALLED) starts from a copy of that template's
 * database (LANTERN_E2E_TEMPLATES, set by the global setup), which is what migrating and installing makes.
 */
export async function startServer(env: Record<string, string> = {}, onParentMessage?: (m: unknown) => void): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
  const templates = process.env.LANTERN_E2E_TEMPLATES;
  const template = templates ? templateFor(env) : null;
  if (templates && template && existsSync(join(templates, template, 'lantern.db')))
    cpSync(join(templates, template), dataDir, { recursive: true });
  const { url, child } = await spawnServer(dataDir, env, onParentMessage);
  return {
    url,
    dataDir,
    captchaAnswer(id) {
      const db = new Database(join(dataDir, 'lantern.db'), { readonly: true, fileMustExist: true });
      try {
        return (db.prepare('select answer from captcha where id = ?').get(id) as { answer: string }).answer;
      } finally {
        db.close();
      }
    },
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Clicks a submit that the server guards with a captcha, and solves the dialog as a person would (altcha's box, or the image code). */
export async function submitWithCaptcha(
  page: Page,
  server: E2EServer,
  submit: () => Promise<void>,
  beforeSolve?: () => Promise<void>,
): Promise<void> {
  const record = page.waitForResponse((r) => r.url().includes('/answer/api/v1/user/action/record'));
  await submit();
  const body = (await (await record).json()) as { data: { verify: boolean; captcha_id: string; altcha?: unknown } };
  if (!body.data.verify) return;
  const dialog = page.getByRole('dialog', { name: 'Verification' });
  if (body.data.altcha) {
    // Lantern's UI on a secure origin: altcha's box, ticked; the browser solves the proof of work
    const box = dialog.getByRole('checkbox', { name: "I'm not a robot" });
    await box.waitFor();
    if (beforeSolve) await beforeSolve();
    await box.click();
    await expect(dialog.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
  } else {
    await page.getByAltText('Captcha image').waitFor();
    if (beforeSolve) await beforeSolve();
    await page.getByLabel('Captcha code', { exact: true }).fill(server.captchaAnswer(body.data.captcha_id));
  }
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

/** The unattended-install settings of a ready site with a known admin. */
export const INSTALLED = {
  AUTO_INSTALL: 'true',
  SITE_NAME: 'Team Lantern',
  SITE_URL: 'http://127.0.0.1',
  CONTACT_EMAIL: 'team@example.com',
  ADMIN_NAME: 'admin',
  ADMIN_PASSWORD: 'admin-password',
  ADMIN_EMAIL: 'admin@example.com',
};
TEMPLATES.installed = INSTALLED;

const tokens = new Map<string, string>();

/**
 * Logs in through the API and hands the token to the page as a LAN browser keeps it (local storage).
 * A token this process got before for the same server, email and password is reused while the server
 * still accepts it (a bcrypt login per page is most of a short test's server time); otherwise it logs in.
 */
export async function loginAs(page: Page, server: E2EServer, email: string, pass: string): Promise<void> {
  watchNetwork(page);
  const key = `${server.url}\n${email}\n${pass}`;
  let token = tokens.get(key);
  if (token) {
    const info = await fetch(`${server.url}/answer/api/v1/user/info`, { headers: { Authorization: token } });
    const body = (await info.json()) as { data: { e_mail?: string } | null };
    if (!info.ok || body.data?.e_mail !== email) token = undefined;
  }
  if (!token) {
    const r = await fetch(`${server.url}/answer/api/v1/user/login/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ e_mail: email, pass }),
    });
    const body = (await r.json()) as { data: { access_token: string } };
    if (!r.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
    token = body.data.access_token;
    tokens.set(key, token);
  }
  const script = await page.addInitScript(
    (t) => localStorage.setItem('lantern.token', JSON.stringify({ v: t, exp: Date.now() + 86_400_000 })),
    token,
  );
  // a pooled page forgets the login when the next test takes it
  pooled.get(page)?.disposables.push(script);
}

const inflight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests in flight from now on, so `networkQuiet` can tell when they are done. */
export function watchNetwork(page: Page): void {
  if (inflight.has(page)) return;
  const open = new Set<Request>();
  inflight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  // a request a navigation abandons ends as failed
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until no request of the page has been in flight for `quietMs` (Playwright's networkidle
 * waits 500 ms; pages watched with watchNetwork since before they loaded need far less). A page not
 * watched yet is watched from now on, and this first time waits for networkidle.
 */
export async function networkQuiet(page: Page, quietMs = 200, timeoutMs = 15_000): Promise<void> {
  const open = inflight.get(page);
  if (!open) {
    watchNetwork(page);
    await page.waitForLoadState('networkidle');
    return;
  }
  const deadline = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : 0;
  for (;;) {
    if (open.size > 0) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    if (quietSince && Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`still loading after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Opens a URL of the app as a link inside it would: when the page already shows the app on that origin, the
 * router is sent there client-side (a full load costs about a second of a busy machine's time: the bundle,
 * the site settings and the user again); otherwise the page loads it. The first-load path of each screen is
 * covered where a spec loads it with page.goto.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  const target = new URL(url);
  const loaded =
    page.url().startsWith(`${target.origin}/`) &&
    (await page.evaluate(
      () => (document.getElementById('root')?.childElementCount ?? 0) > 0 && !document.querySelector('#root > main.error-page'),
    ));
  if (!loaded) {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, `${target.pathname}${target.search}${target.hash}`);
}

/** Whether screenshots are written (LANTERN_SCREENSHOTS=1); off by default, as they cost time and nobody reads them in a plain run. */
export const SCREENSHOTS = process.env.LANTERN_SCREENSHOTS === '1';

/** Saves a full-page screenshot under tests/artifacts/screenshots when LANTERN_SCREENSHOTS=1. */
export async function shot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.screenshot({ path: join(root, 'tests/artifacts/screenshots', `${name}.png`), fullPage: true });
}

/**
 * Closes every toast on the page with its own close button, as a user would, and waits until none is
 * left: a check for the next action's toast then sees that one, without waiting out the 5 s the last
 * one stays (two at once also made a text match ambiguous).
 */
export async function dismissToasts(page: Page): Promise<void> {
  // a toast that hides by itself meanwhile needs no click
  for (const button of await page.locator('.p-toast-message .p-toast-icon-close').all())
    await button.click({ timeout: 2000 }).catch(() => undefined);
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
}

/** How a pooled page is set up for its test: what a new context's options would say. */
export interface PageOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

interface PoolEntry {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The test holding it (Playwright's testId), or null when free. */
  heldBy: string | null;
  /** Every http origin the context has talked to, whose storage a reset clears. */
  origins: Set<string>;
  /** What the holder added that outlives a navigation (loginAs's token script). */
  disposables: { dispose(): Promise<void> }[];
  /** The context's own close (the test's close only hands the page back). */
  closeForGood: () => Promise<void>;
}

const pool: PoolEntry[] = [];
const pooled = new WeakMap<Page, PoolEntry>();
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

function heldByNow(): string {
  try {
    return test.info().testId;
  } catch {
    return 'outside a test';
  }
}

/**
 * A page of a browser context of its own for the current test, as `(await browser.newContext(opts)).newPage()`
 * gives, from a pool kept per worker: a page a finished test held (or one its test closed with
 * `page.context().close()`) is reset and handed out again instead of a new context. The reset forgets
 * everything a new context would not have: cookies, local and session storage, IndexedDB and the other
 * site data of every origin it visited, its init scripts, routes and listeners, other pages, the viewport and
 * the emulated media; the app it showed is stopped by a plain page of the same site first. What it keeps is
 * the renderer process with its compiled scripts and the HTTP cache: a new context costs the app's first load
 * about 0.6 s more of a busy machine (a process started, the bundle compiled again), and tests take ~250 such
 * pages. A page that cannot be reset is closed and replaced.
 */
export async function pooledPage(browser: Browser, opts: PageOptions = {}): Promise<Page> {
  const holder = heldByNow();
  for (let i = pool.length - 1; i >= 0; i--) {
    const e = pool[i];
    if (e.page.isClosed() || !e.browser.isConnected()) pool.splice(i, 1);
    // tests run one at a time in a worker: what an earlier test held is free
    else if (e.heldBy !== holder) e.heldBy = null;
  }
  for (const e of pool.filter((x) => x.browser === browser && x.heldBy === null)) {
    e.heldBy = holder;
    if (await resetPooled(e, opts)) return e.page;
    pool.splice(pool.indexOf(e), 1);
    await e.closeForGood().catch(() => undefined);
  }
  const context = await browser.newContext({ viewport: opts.viewport ?? DEFAULT_VIEWPORT, colorScheme: opts.colorScheme ?? 'light' });
  const page = await context.newPage();
  const entry: PoolEntry = {
    browser,
    context,
    page,
    heldBy: holder,
    origins: new Set(),
    disposables: [],
    closeForGood: context.close.bind(context),
  };
  context.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol === 'http:' || u.protocol === 'https:') entry.origins.add(u.origin);
  });
  // the test's `page.context().close()` hands the page back instead
  context.close = async () => {
    entry.heldBy = null;
  };
  pool.push(entry);
  pooled.set(page, entry);
  return page;
}

async function resetPooled(e: PoolEntry, opts: PageOptions): Promise<boolean> {
  try {
    for (const d of e.disposables.splice(0)) await d.dispose();
    for (const other of e.context.pages()) if (other !== e.page) await other.close();
    await e.page.removeAllListeners();
    inflight.delete(e.page);
    await e.page.unrouteAll({ behavior: 'ignoreErrors' });
    await e.context.unrouteAll({ behavior: 'ignoreErrors' });
    const at = e.page.url();
    if (/^https?:/.test(at)) {
      // a plain document of the same site ends the app (its timers, its pending writes to storage) and keeps the process
      e.page.on('dialog', (d) => void d.accept().catch(() => undefined));
      const plain = await e.page.goto(`${new URL(at).origin}/robots.txt`, { timeout: 10_000 }).catch(() => null);
      await e.page.removeAllListeners('dialog');
      if (plain?.ok()) await e.page.evaluate(() => sessionStorage.clear());
      else return false;
    }
    await e.context.clearCookies();
    const cdp = await e.context.newCDPSession(e.page);
    try {
      for (const origin of e.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    } finally {
      await cdp.detach();
    }
    await e.page.setViewportSize(opts.viewport ?? DEFAULT_VIEWPORT);
    await e.page.emulateMedia({ colorScheme: opts.colorScheme ?? 'light', media: null, reducedMotion: null, forcedColors: null });
    return true;
  } catch {
    return false;
  }
}
