import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';

const root = fileURLToPath(new URL('../..', import.meta.url));
// the server runs with the Node flags it ships with
const runtime = JSON.parse(readFileSync(join(root, 'resources/server-runtime.json'), 'utf8')) as { nodeFlags: string[] };

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

/** Starts out/main/server.js on 127.0.0.1; env may carry AUTO_INSTALL settings; `onParentMessage` runs it as the desktop shell does (with an IPC channel). */
export async function startServer(env: Record<string, string> = {}, onParentMessage?: (m: unknown) => void): Promise<E2EServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [...runtime.nodeFlags, join(root, 'out/main/server.js'), '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: { ...process.env, LANTERN_LOG_LEVEL: 'warn', ...env },
    stdio: onParentMessage ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
  });
  if (onParentMessage) child.on('message', onParentMessage);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
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
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Clicks a submit that the server guards with a captcha, and solves the dialog as a person would. */
export async function submitWithCaptcha(page: Page, server: E2EServer, submit: () => Promise<void>, beforeSolve?: () => Promise<void>): Promise<void> {
  const record = page.waitForResponse((r) => r.url().includes('/answer/api/v1/user/action/record'));
  await submit();
  const body = (await (await record).json()) as { data: { verify: boolean; captcha_id: string } };
  if (!body.data.verify) return;
  await page.getByAltText('Captcha image').waitFor();
  if (beforeSolve) await beforeSolve();
  await page.getByLabel('Captcha code', { exact: true }).fill(server.captchaAnswer(body.data.captcha_id));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** The unattended-install settings of a ready site with a known admin. */
export const INSTALLED = {
  AUTO_INSTALL: 'true', SITE_NAME: 'Team Lantern', SITE_URL: 'http://127.0.0.1', CONTACT_EMAIL: 'team@example.com',
  ADMIN_NAME: 'admin', ADMIN_PASSWORD: 'admin-password', ADMIN_EMAIL: 'admin@example.com',
};

/** Logs in through the API and hands the token to the page as a LAN browser keeps it (local storage). */
export async function loginAs(page: Page, server: E2EServer, email: string, pass: string): Promise<void> {
  const r = await fetch(`${server.url}/answer/api/v1/user/login/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ e_mail: email, pass }) });
  const body = (await r.json()) as { data: { access_token: string } };
  if (!r.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  await page.addInitScript((token) => localStorage.setItem('lantern.token', JSON.stringify({ v: token, exp: Date.now() + 86_400_000 })), body.data.access_token);
}

/** Saves a screenshot under tests/artifacts/screenshots. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(root, 'tests/artifacts/screenshots', `${name}.png`), fullPage: true });
}
