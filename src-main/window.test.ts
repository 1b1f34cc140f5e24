import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { createMainWindow, isAppUrl } from './window';

class FakeContents extends EventEmitter {
  openHandler: ((d: { url: string }) => { action: string }) | null = null;
  session = {
    requestHandler: null as any,
    checkHandler: null as any,
    setPermissionRequestHandler(h: any) {
      this.requestHandler = h;
    },
    setPermissionCheckHandler(h: any) {
      this.checkHandler = h;
    },
  };
  setWindowOpenHandler(h: any) {
    this.openHandler = h;
  }
}

class FakeWindow extends EventEmitter {
  static last: FakeWindow;
  webContents = new FakeContents();
  loaded = '';
  constructor(readonly opts: any) {
    super();
    FakeWindow.last = this;
  }
  loadURL(url: string) {
    this.loaded = url;
    return Promise.resolve();
  }
  show() {}
  getBounds() {
    return { x: 1, y: 2, width: 800, height: 600 };
  }
}

function open() {
  const shell = { openExternal: vi.fn(async () => undefined) };
  createMainWindow({ BrowserWindow: FakeWindow as any, shell }, { url: 'http://127.0.0.1:4000/', preload: '/p/index.cjs' });
  return { win: FakeWindow.last, shell };
}

describe('the main window', () => {
  it('uses the secure webPreferences', () => {
    const { win } = open();
    expect(win.opts.webPreferences).toMatchObject({
      preload: '/p/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(win.loaded).toBe('http://127.0.0.1:4000/');
  });

  it('denies new windows and sends external links to the system browser', () => {
    const { win, shell } = open();
    expect(win.webContents.openHandler!({ url: 'https://example.com/x' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://example.com/x');
    expect(win.webContents.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);
  });

  it('blocks navigation away from the local server but allows its own pages', () => {
    const { win, shell } = open();
    const away = { preventDefault: vi.fn() };
    win.webContents.emit('will-navigate', away, 'https://evil.example/');
    expect(away.preventDefault).toHaveBeenCalled();
    expect(shell.openExternal).toHaveBeenCalledWith('https://evil.example/');
    const local = { preventDefault: vi.fn() };
    win.webContents.emit('will-navigate', local, 'http://127.0.0.1:4000/questions');
    expect(local.preventDefault).not.toHaveBeenCalled();
  });

  it('follows the server to its new port after the LAN switch', () => {
    const shell = { openExternal: vi.fn(async () => undefined) };
    let current = 'http://127.0.0.1:4000/';
    createMainWindow({ BrowserWindow: FakeWindow as any, shell }, { url: current, appUrl: () => current, preload: '/p/index.cjs' });
    const win = FakeWindow.last;
    current = 'http://127.0.0.1:9080/';
    const moved = { preventDefault: vi.fn() };
    win.webContents.emit('will-navigate', moved, 'http://127.0.0.1:9080/admin/lan');
    expect(moved.preventDefault).not.toHaveBeenCalled();
    const old = { preventDefault: vi.fn() };
    win.webContents.emit('will-navigate', old, 'http://127.0.0.1:4000/questions');
    expect(old.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and check', () => {
    const { win } = open();
    const cb = vi.fn();
    win.webContents.session.requestHandler(null, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(win.webContents.session.checkHandler()).toBe(false);
  });

  it('tells app URLs from others by origin', () => {
    expect(isAppUrl('http://127.0.0.1:4000/a', 'http://127.0.0.1:4000/')).toBe(true);
    expect(isAppUrl('http://127.0.0.1:4001/a', 'http://127.0.0.1:4000/')).toBe(false);
    expect(isAppUrl('not a url', 'http://127.0.0.1:4000/')).toBe(false);
  });
});
