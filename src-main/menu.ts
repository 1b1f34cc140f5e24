import type { MenuItemConstructorOptions } from 'electron';

/** What the Help menu's items do (wired to the shell, the server and a dialog in index.ts). */
export interface MenuActions {
  openDataFolder(): void;
  backUpNow(): void;
  about(): void;
}

/** The standard application menu: Edit, View, Window, Help. */
export function menuTemplate(actions: MenuActions, isMac: boolean): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'reload' }, { role: 'forceReload' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Open data folder', click: () => actions.openDataFolder() },
        { label: 'Back up now', click: () => actions.backUpNow() },
        { type: 'separator' },
        { label: 'About Lantern', click: () => actions.about() },
      ],
    },
  ];
  return isMac ? [{ role: 'appMenu' }, ...template] : [{ role: 'fileMenu' }, ...template];
}
