import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
// @ts-expect-error plain .mjs module without types
import { detectElectron } from '../../src-main/launcher/electron-detect.mjs';
import { INSTALLED } from '../support/e2e-server';

// The desktop app itself: Electron's main process, the utilityProcess server, the preload bridge
// and the window. Runs where an Electron binary exists (ELECTRON_PATH or the installed package).
const found = detectElectron() as { ok: true; path: string } | { ok: false; reason: string };
const root = fileURLToPath(new URL('../..', import.meta.url));

test.describe('the desktop app', () => {
  test.skip(!found.ok, `no Electron binary here: ${found.ok ? '' : found.reason}`);
  let app: ElectronApplication;
  let profile: string;

  test.beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'lantern-electron-'));
    app = await electron.launch({
      executablePath: found.ok ? found.path : undefined,
      args: [join(root, 'out/main/index.js'), '--no-sandbox', '--disable-gpu'],
      env: { ...process.env, ...INSTALLED, LANTERN_USER_DATA: profile, LANTERN_LOG_LEVEL: 'warn' },
    });
  });
  test.afterAll(async () => {
    await app?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  test('launches one secure window on the local server', async () => {
    const win = await app.firstWindow();
    await expect(win).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    // isolated and sandboxed: no Node in the page's world, only the bridge's named functions
    expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(await win.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined');
    expect(await win.evaluate(() => Object.keys((window as unknown as { lantern: object }).lantern).sort())).toEqual([
      'appInfo',
      'clearToken',
      'getToken',
      'pickImage',
      'setToken',
    ]);
  });

  test('logs in through the window; the token is kept by the bridge, not in local storage', async () => {
    const win = await app.firstWindow();
    await win.getByRole('button', { name: 'Log in' }).click();
    await win.getByLabel('Email', { exact: true }).fill(INSTALLED.ADMIN_EMAIL);
    await win.getByLabel('Password', { exact: true }).fill(INSTALLED.ADMIN_PASSWORD);
    await win.getByRole('button', { name: 'Log in' }).click();
    await expect(win.getByTestId('current-user')).toHaveText(INSTALLED.ADMIN_NAME);
    const stored = await win.evaluate(async () => ({
      bridge: await window.lantern!.getToken(),
      local: localStorage.getItem('lantern.token'),
    }));
    expect(stored.bridge).toMatch(/\S{20,}/);
    expect(stored.local).toBeNull();
  });

  test('asks a question as the logged-in user (through the API with the bridge token)', async () => {
    // the ask screen arrives with the community UI; until then the question goes in through the same API call it will make
    const win = await app.firstWindow();
    const r = await win.evaluate(async () => {
      const token = await window.lantern!.getToken();
      const res = await fetch('/answer/api/v1/question', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({
          title: 'How do I back up the desktop app?',
          content: 'Where does the backup file go?',
          tags: [{ slug_name: 'desktop' }],
        }),
      });
      return { status: res.status, body: (await res.json()) as { data: { id: string; title: string } } };
    });
    expect(r.status).toBe(200);
    expect(r.body.data.title).toBe('How do I back up the desktop app?');
  });
});
