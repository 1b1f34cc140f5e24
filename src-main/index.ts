import runtime from '../resources/server-runtime.json';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrowserWindow, Menu, app, dialog, ipcMain, safeStorage, shell, utilityProcess } from 'electron';
import Store from 'electron-store';
import { CHANNELS } from '../src-preload/contract';
import { registerIpc } from './ipc';
import { LanSwitch } from './lan-switch';
import { menuTemplate } from './menu';
import { fallbackMessage, ServerHost, type ServerTls } from './server-host';
import { trustOwnServer } from './server-certificate';
import { TokenStore, type KeyValueStore } from './token-store';
import { createMainWindow, type Bounds } from './window';
import { pickImage } from './pick-image';
import { promises as dns } from 'node:dns';
import { networkInterfaces } from 'node:os';
import makeMdns from 'multicast-dns';
import { SiteDiscovery, type MdnsClient } from './discovery';
import { isOwnSite, openTeamLantern } from './open-site';

// Lifecycle wiring only: every piece lives in a module that takes Electron objects as parameters.
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;
const here = dirname(fileURLToPath(import.meta.url));

// tests (and portable setups) give the app its own profile folder
if (process.env.LANTERN_USER_DATA) app.setPath('userData', process.env.LANTERN_USER_DATA);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const store = new Store() as unknown as KeyValueStore;
  const tokens = new TokenStore(store, safeStorage);
  const dataDir = join(app.getPath('userData'), 'data');
  let win: BrowserWindow | null = null;
  // Lantern sites other computers announce (mDNS): listened for once the user first asks
  const discovery = new SiteDiscovery(() => makeMdns() as unknown as MdnsClient);
  const localAddresses = () =>
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address ?? '');
  const lan = new LanSwitch(store, (url, state) => {
    buildMenu();
    // back on the new address; on the LAN, straight to the page with the addresses and QR codes
    void win?.loadURL(state.enabled ? `${url}/admin/lan` : url);
  });
  const host = new ServerHost({
    fork: (args) =>
      utilityProcess.fork(join(here, 'server.js'), args, {
        serviceName: 'Lantern server',
        stdio: 'inherit',
        execArgv: runtime.nodeFlags,
        env: { ...runtime.env, ...process.env },
      }),
    dataDir,
    // the server writes its log file there itself; the host adds its own lines (a death, a restart)
    logFile: join(dataDir, 'logs', 'lantern.log'),
    ...lan.binding(),
    tls: lan.tls(),
    onGiveUp: (reason) => dialog.showErrorBox('Lantern server stopped', reason),
    // the remembered LAN port is taken (or the new one could not bind): serve where it works and say so
    onFallback: (f) => {
      lan.adopt(f.using, host.currentTls);
      buildMenu();
      void dialog.showMessageBox({ type: 'warning', ...fallbackMessage(f) });
    },
    onLanRequest: (req) => void switchLan(req.enabled, req.port, req.tls),
  });
  const switchLan = (enabled: boolean, port = lan.current().port, tls?: ServerTls) =>
    lan
      .set(host, { enabled, port, ...(tls ? { tls } : {}) })
      .catch((err: Error) => dialog.showErrorBox('Could not change LAN serving', err.message));
  // with HTTPS, the window trusts exactly the certificate its own server reported (by its SHA-256)
  app.on(
    'certificate-error',
    trustOwnServer(() => ({ origin: host.currentUrl ? new URL(host.currentUrl).origin : null, fingerprint: host.currentFingerprint })),
  );
  const buildMenu = () =>
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate(
          {
            openDataFolder: () => void shell.openPath(dataDir),
            backUpNow: () =>
              void host.backup().then(
                (file) => dialog.showMessageBox({ type: 'info', message: 'Backup written', detail: file }),
                (err: Error) => dialog.showErrorBox('Backup failed', err.message),
              ),
            about: () => app.showAboutPanel(),
            setLan: (enabled) => void switchLan(enabled),
            showLanAddresses: () => void win?.loadURL(`${host.currentUrl}/admin/lan`),
            openTeamLantern: () =>
              void openTeamLantern({
                dialog,
                shell,
                discovery,
                win,
                // a .local name opens where this computer resolves it (else the site's address)
                resolves: (name) =>
                  Promise.race([
                    dns.lookup(name, { family: 4 }).then(() => true),
                    new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
                  ]),
                isOwn: (s) => isOwnSite(s, localAddresses(), Number(new URL(host.currentUrl ?? 'http://x:0').port)),
              }).catch((err: Error) => dialog.showErrorBox("Could not look for a team's Lantern", err.message)),
          },
          { isMac: process.platform === 'darwin', lanEnabled: lan.current().enabled },
        ),
      ),
    );

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });

  app.on('web-contents-created', (_e, contents) => contents.setWindowOpenHandler(() => ({ action: 'deny' })));

  app.whenReady().then(async () => {
    const url = await host.start().catch(() => {
      // no server, no window (onGiveUp has said why, or the user quit): end instead of lingering invisibly
      app.exit(1);
      return null;
    });
    if (!url) return;
    registerIpc(
      ipcMain,
      {
        [CHANNELS.tokenGet]: () => tokens.get(),
        [CHANNELS.tokenSet]: (t: string) => tokens.set(t),
        [CHANNELS.tokenClear]: () => tokens.clear(),
        [CHANNELS.pickImage]: () => pickImage(dialog, win, MAX_IMAGE_BYTES),
        [CHANNELS.appInfo]: () => ({ name: app.getName(), version: app.getVersion(), platform: process.platform, dataDir }),
        [CHANNELS.discoveredSites]: () => {
          discovery.refresh();
          return discovery.waitForSites(1500);
        },
      },
      () => new URL(host.currentUrl ?? url).origin,
    );
    buildMenu();
    win = createMainWindow(
      { BrowserWindow, shell },
      {
        url,
        appUrl: () => host.currentUrl ?? url,
        preload: join(here, '../preload/index.cjs'),
        bounds: store.get('window.bounds') as Bounds | undefined,
        onBounds: (b) => store.set('window.bounds', b),
      },
    );
    win.on('closed', () => (win = null));
  });

  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    event.preventDefault();
    quitting = true;
    discovery.stop();
    void host.stop().finally(() => app.quit());
  });
  app.on('window-all-closed', () => app.quit());
}
