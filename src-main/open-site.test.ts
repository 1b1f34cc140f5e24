import type { MessageBoxOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveredSite } from '../src-preload/contract';
import { isOwnSite, openTeamLantern, urlToOpen } from './open-site';

const team: DiscoveredSite = {
  name: 'Team Q&A',
  url: 'http://team-qa.local:9080/',
  addressUrls: ['http://192.168.1.20:9080/'],
  version: '0.1.0',
};
const support: DiscoveredSite = {
  name: 'Support',
  url: 'https://support.local:8443/',
  addressUrls: ['https://192.168.1.30:8443/'],
  version: '',
};

/** Fakes: the dialog answers with the given button indexes in turn, recording what it showed. */
function fakes(found: DiscoveredSite[][], answers: number[]) {
  const shown: MessageBoxOptions[] = [];
  const dialog = {
    showMessageBox: vi.fn(async (...args: unknown[]) => {
      shown.push(args[args.length - 1] as MessageBoxOptions);
      return { response: answers.shift()!, checkboxChecked: false };
    }),
  };
  const shell = { openExternal: vi.fn(async () => {}) };
  const discovery = { refresh: vi.fn(), waitForSites: vi.fn(async () => found.shift() ?? []) };
  return { shown, dialog, shell, discovery };
}

describe("Open a team's Lantern", () => {
  it('lists the sites found and opens the chosen one in the system browser, by name where this computer resolves it', async () => {
    const f = fakes([[support, team]], [1]);
    const url = await openTeamLantern({ ...f, resolves: async (h) => h === 'team-qa.local', isOwn: (s) => s === support });
    expect(f.shown[0]!.buttons).toEqual([
      'Support (this computer) — https://support.local:8443/',
      'Team Q&A — http://team-qa.local:9080/',
      'Look again',
      'Cancel',
    ]);
    expect(f.shown[0]!.cancelId).toBe(3);
    expect(url).toBe('http://team-qa.local:9080/');
    expect(f.shell.openExternal).toHaveBeenCalledWith('http://team-qa.local:9080/');
  });

  it('opens by address where .local names do not resolve here', async () => {
    expect(await urlToOpen(team, async () => false)).toBe('http://192.168.1.20:9080/');
    expect(await urlToOpen(team, async () => Promise.reject(new Error('ENOTFOUND')))).toBe('http://192.168.1.20:9080/');
    expect(await urlToOpen(team, async () => true)).toBe('http://team-qa.local:9080/');
  });

  it('says when none is found, looks again on request, and opens nothing on cancel', async () => {
    const f = fakes([[], [team]], [0, 2]);
    expect(await openTeamLantern({ ...f, resolves: async () => true })).toBeNull();
    expect(f.shown[0]).toMatchObject({ message: 'No Lantern site found on this network', buttons: ['Look again', 'Cancel'] });
    expect(f.shown[1]!.buttons).toEqual(['Team Q&A — http://team-qa.local:9080/', 'Look again', 'Cancel']);
    expect(f.discovery.refresh).toHaveBeenCalledTimes(2);
    expect(f.shell.openExternal).not.toHaveBeenCalled();
  });

  it("marks this computer's own site by its addresses and port", () => {
    expect(isOwnSite(team, ['127.0.0.1', '192.168.1.20'], 9080)).toBe(true);
    expect(isOwnSite(team, ['127.0.0.1', '192.168.1.20'], 9081)).toBe(false);
    expect(isOwnSite(team, ['127.0.0.1'], 9080)).toBe(false);
  });
});
