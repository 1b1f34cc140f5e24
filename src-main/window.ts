import type { BrowserWindow, BrowserWindowConstructorOptions, Session, Shell, WebContents } from 'electron';

/** The Electron pieces the window needs, passed in so tests can fake them. */
export interface WindowDeps {
  BrowserWindow: new (opts: BrowserWindowConstructorOptions) => BrowserWindow;
  shell: Pick<Shell, 'openExternal'>;
}

/** Saved window bounds. */
export interface Bounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/** Options of the main window. */
export interface MainWindowOptions {
  url: string;
  preload: string;
  bounds?: Bounds;
  /** The server's current URL when it can change (the LAN switch restarts it on another port). */
  appUrl?: () => string;
  onBounds?: (b: Bounds) => void;
}

/** The secure webPreferences every Lantern window uses. */
export function secureWebPreferences(preload: string): BrowserWindowConstructorOptions['webPreferences'] {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    spellcheck: true,
  };
}

/** Whether a URL belongs to the local server (same origin). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

function openOutside(shell: WindowDeps['shell'], url: string): void {
  try {
    const u = new URL(url);
    if (u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:') void shell.openExternal(url);
  } catch {
    /* not a URL: ignore */
  }
}

/** Refuses new windows and foreign navigation; external links go to the system browser. */
export function guardNavigation(contents: WebContents, appUrl: string | (() => string), shell: WindowDeps['shell']): void {
  const current = typeof appUrl === 'function' ? appUrl : () => appUrl;
  contents.setWindowOpenHandler(({ url }) => {
    if (!isAppUrl(url, current())) openOutside(shell, url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (isAppUrl(url, current())) return;
    event.preventDefault();
    openOutside(shell, url);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission request (camera, notifications, geolocation ...). */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}

/** Creates the main window on the local server's URL. */
export function createMainWindow(deps: WindowDeps, opts: MainWindowOptions): BrowserWindow {
  const bounds = opts.bounds ?? { width: 1200, height: 820 };
  const win = new deps.BrowserWindow({
    ...bounds,
    minWidth: 360,
    minHeight: 480,
    show: false,
    title: 'Lantern',
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(opts.preload),
  });
  guardNavigation(win.webContents, opts.appUrl ?? opts.url, deps.shell);
  denyPermissions(win.webContents.session);
  win.once('ready-to-show', () => win.show());
  if (opts.onBounds) {
    const save = () => opts.onBounds!(win.getBounds());
    win.on('resized', save);
    win.on('moved', save);
  }
  void win.loadURL(opts.url);
  return win;
}
