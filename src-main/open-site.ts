import type { BrowserWindow, Dialog, MessageBoxOptions, Shell } from 'electron';
import type { DiscoveredSite } from '../src-preload/contract';

/** What "Open a team's Lantern…" needs, passed in so tests can fake it. */
export interface OpenSiteDeps {
  dialog: Pick<Dialog, 'showMessageBox'>;
  shell: Pick<Shell, 'openExternal'>;
  discovery: { refresh(): void; waitForSites(ms: number): Promise<DiscoveredSite[]> };
  /** Whether this computer resolves a `.local` name (dns.lookup in production). */
  resolves(host: string): Promise<boolean>;
  /** Whether a site is this app's own server. */
  isOwn?(site: DiscoveredSite): boolean;
  win?: BrowserWindow | null;
  /** How long to listen for answers before showing the list. */
  waitMs?: number;
}

/**
 * The URL to open: the site's `.local` name when this computer resolves it (it stays when DHCP hands
 * the host another address), else its first address.
 */
export async function urlToOpen(site: DiscoveredSite, resolves: (host: string) => Promise<boolean>): Promise<string> {
  const byAddress = site.addressUrls[0];
  if (!byAddress) return site.url;
  return (await resolves(new URL(site.url).hostname).catch(() => false)) ? site.url : byAddress;
}

/** Whether a site is served by this computer (one of its addresses, at the app's own server's port). */
export function isOwnSite(site: DiscoveredSite, localAddresses: string[], port: number): boolean {
  return site.addressUrls.some((u) => {
    const url = new URL(u);
    return localAddresses.includes(url.hostname) && Number(url.port) === port;
  });
}

/**
 * "Open a team's Lantern…": lists the Lantern sites found on the network in a dialog, one button
 * each, and opens the chosen one in the system browser (never in this window: a site of another
 * machine gets no bridge and the window keeps to its own server). "Look again" asks the network
 * again. Resolves with the URL opened, or null.
 */
export async function openTeamLantern(deps: OpenSiteDeps): Promise<string | null> {
  const waitMs = deps.waitMs ?? 1500;
  for (;;) {
    deps.discovery.refresh();
    const sites = await deps.discovery.waitForSites(waitMs);
    const label = (s: DiscoveredSite) => `${s.name}${deps.isOwn?.(s) ? ' (this computer)' : ''} — ${s.url}`;
    const options: MessageBoxOptions = {
      type: 'question',
      title: "Open a team's Lantern",
      message: sites.length ? 'Lantern sites on this network' : 'No Lantern site found on this network',
      detail: sites.length
        ? 'The one you choose opens in your web browser.'
        : 'A Lantern that serves the LAN announces itself here. Check that it serves the LAN and that both computers are on the same network.',
      buttons: [...sites.map(label), 'Look again', 'Cancel'],
      cancelId: sites.length + 1,
      defaultId: sites.length ? 0 : sites.length,
      noLink: true,
    };
    const { response } = deps.win ? await deps.dialog.showMessageBox(deps.win, options) : await deps.dialog.showMessageBox(options);
    if (response === sites.length) continue;
    const site = sites[response];
    if (!site) return null;
    const url = await urlToOpen(site, deps.resolves);
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
    await deps.shell.openExternal(url);
    return url;
  }
}
