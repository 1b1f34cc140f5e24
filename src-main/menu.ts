import type { MenuItemConstructorOptions } from 'electron';

/** What the menu's own items do (wired to the shell, the server and dialogs in index.ts). */
export interface MenuActions {
  openDataFolder(): void;
  backUpNow(): void;
  about(): void;
  /** The "Serve on the LAN" checkbox changed. */
  setLan(enabled: boolean): void;
  /** Opens the admin page with the LAN addresses and their QR codes. */
  showLanAddresses(): void;
  /** Lists the Lantern sites other computers announce on the network, and opens one. */
  openTeamLantern(): void;
}

/** The state the menu shows. */
export interface MenuState {
  isMac: boolean;
  lanEnabled: boolean;
}

/** The standard application menu: Edit, View, Server (the LAN switch), Window, Help. */
export function menuTemplate(actions: MenuActions, state: MenuState): MenuItemConstructorOptions[] {
  const template: MenuItemConstructorOptions[] = [
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        { role: 'reload' },
        { role: 'forceReload' },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Server',
      submenu: [
        { label: 'Serve on the LAN', type: 'checkbox', checked: state.lanEnabled, click: (item) => actions.setLan(item.checked) },
        { label: 'LAN addresses and QR code…', enabled: state.lanEnabled, click: () => actions.showLanAddresses() },
        { type: 'separator' },
        { label: "Open a team's Lantern…", click: () => actions.openTeamLantern() },
      ],
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
  return state.isMac ? [{ role: 'appMenu' }, ...template] : [{ role: 'fileMenu' }, ...template];
}
