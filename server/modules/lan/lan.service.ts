import type { LanStatus } from '../../contract/api/admin.js';
import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../http/errors.js';
import { lanAddresses } from '../../infra/host-control.js';
import { normaliseSiteUrl } from '../siteinfo/site-url.js';
import type { LanSwitchInput } from './lan.schema.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Whether the server currently accepts connections from other machines. */
export function servesLan(ctx: AppContext): boolean {
  return !LOOPBACK.has(ctx.binding.host);
}

/** The URLs other machines can open, one per LAN address of this machine. */
export function lanUrls(ctx: AppContext): string[] {
  if (!servesLan(ctx)) return [];
  const wildcard = ctx.binding.host === '0.0.0.0' || ctx.binding.host === '::';
  const hosts = wildcard ? lanAddresses(ctx.host.networkInterfaces()) : [ctx.binding.host];
  return hosts.map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${ctx.binding.port}${ctx.config.basePath}`);
}

/** GET lan: the switch's state, with a QR code (SVG) for each address. */
export async function lanStatus(ctx: AppContext): Promise<LanStatus> {
  const urls = lanUrls(ctx);
  // the QR encoder is loaded by the first LAN page, not at the server's start
  const { default: QRCode } = await import('qrcode');
  const addresses = await Promise.all(
    urls.map(async (url) => ({ url, qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) })),
  );
  return {
    enabled: servesLan(ctx),
    managed: ctx.host.managed,
    port: ctx.binding.port,
    local_url: `http://127.0.0.1:${ctx.binding.port}${ctx.config.basePath}`,
    addresses,
  };
}

/** PUT lan: only a desktop-hosted server can rebind itself; the shell restarts it after this answer. */
export function requestLanSwitch(ctx: AppContext, input: LanSwitchInput): { restarting: boolean } {
  if (!ctx.host.managed) throw badRequest('error.lan.not_desktop');
  const same = input.enabled === servesLan(ctx) && (!input.enabled || input.port === ctx.binding.port);
  if (same) return { restarting: false };
  // answer first: the restart ends this process's connections
  setTimeout(() => ctx.host.requestLan({ enabled: input.enabled, port: input.port }), 50);
  return { restarting: true };
}

/** The site URL a desktop-hosted server announces: its first LAN URL when on the LAN, else loopback. */
export async function followSiteUrl(ctx: AppContext): Promise<string | null> {
  if (!(await ctx.settings.isInstalled())) return null;
  const url = normaliseSiteUrl(lanUrls(ctx)[0] ?? `http://127.0.0.1:${ctx.binding.port}${ctx.config.basePath}`);
  const general = await ctx.settings.get('general');
  if (general.site_url !== url) await ctx.settings.put('general', { ...general, site_url: url });
  return url;
}
