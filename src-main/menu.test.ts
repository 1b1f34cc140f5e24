import type { MenuItem, MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { menuTemplate, type MenuActions } from './menu';

function recorder() {
  const calls: string[] = [];
  const actions: MenuActions = {
    openDataFolder: () => calls.push('folder'),
    backUpNow: () => calls.push('backup'),
    about: () => calls.push('about'),
    setLan: (on) => calls.push(`lan:${on}`),
    showLanAddresses: () => calls.push('addresses'),
    openTeamLantern: () => calls.push('team'),
  };
  return { calls, actions };
}

type Item = MenuItemConstructorOptions & { click?: (item: MenuItem) => void };
const click = (item: Item, checked = false) => item.click?.({ checked } as MenuItem);

describe('the application menu', () => {
  it('has File, Edit, View, Server, Window and Help; Help opens the data folder, backs up and shows about', () => {
    const { calls, actions } = recorder();
    const t = menuTemplate(actions, { isMac: false, lanEnabled: false });
    expect(t.map((i) => i.role ?? i.label)).toEqual(['fileMenu', 'editMenu', 'View', 'Server', 'windowMenu', 'help']);
    const help = t[5].submenu as Item[];
    for (const item of help) click(item);
    expect(help.filter((i) => i.label).map((i) => i.label)).toEqual(['Open data folder', 'Back up now', 'About Lantern']);
    expect(calls).toEqual(['folder', 'backup', 'about']);
  });

  it('starts with the app menu on macOS', () => {
    const { actions } = recorder();
    expect(menuTemplate(actions, { isMac: true, lanEnabled: false })[0].role).toBe('appMenu');
  });

  it('shows the LAN switch state and passes the new state on', () => {
    const { calls, actions } = recorder();
    const off = menuTemplate(actions, { isMac: false, lanEnabled: false })[3].submenu as Item[];
    expect(off[0]).toMatchObject({ label: 'Serve on the LAN', type: 'checkbox', checked: false });
    expect(off[1].enabled).toBe(false);
    click(off[0], true);
    const on = menuTemplate(actions, { isMac: false, lanEnabled: true })[3].submenu as Item[];
    expect(on[0].checked).toBe(true);
    expect(on[1].enabled).toBe(true);
    click(on[1]);
    click(on[0], false);
    expect(calls).toEqual(['lan:true', 'addresses', 'lan:false']);
  });

  it("offers to open a team's Lantern found on the network, whether this one serves the LAN or not", () => {
    const { calls, actions } = recorder();
    const server = menuTemplate(actions, { isMac: false, lanEnabled: false })[3].submenu as Item[];
    const item = server.find((i) => i.label === "Open a team's Lantern…")!;
    expect(item.enabled).not.toBe(false);
    click(item);
    expect(calls).toEqual(['team']);
  });
});
