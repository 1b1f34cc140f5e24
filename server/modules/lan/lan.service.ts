import type { LanStatus } from '../../contract/api/admin.js';
import type { AppContext } from '../../app-context.js';
import { badRequest, fieldError } from '../../http/errors.js';
import { lanAddresses, type LanRequest } from '../../infra/host-control.js';
import { loadOwnCertificate, siteCertificateNames } from '../../infra/tls.js';
import { normaliseSiteUrl } from '../config/site-url.js';
import { lanHints, siteUrlSuggestion, type HintInput } from './lan.hints.js';
import type { LanSwitchInput } from './lan.schema.js';
import { mdnsUrl } from './lan.mdns.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Whether the server currently accepts connections from other machines. */
export function servesLan(ctx: AppContext): boolean {
  return !LOOPBACK.has(ctx.binding.host);
}

/** http or https, as the server speaks. */
export function schemeOf(ctx: AppContext): 'http' | 'https' {
  return ctx.tls ? 'https' : 'http';
}

/** The URLs other machines can open, one per LAN address of this machine. */
export function lanUrls(ctx: AppContext): string[] {
  if (!servesLan(ctx)) return [];
  const wildcard = ctx.binding.host === '0.0.0.0' || ctx.binding.host === '::';
  const hosts = wildcard ? lanAddresses(ctx.host.networkInterfaces()) : [ctx.binding.host];
  return hosts.map((h) => `${schemeOf(ctx)}://${h.includes(':') ? `[${h}]` : h}:${ctx.binding.port}${ctx.config.basePath}`);
}

/** What the hints are worked out from, now. */
async function hintInput(ctx: AppContext): Promise<HintInput> {
  const installed = await ctx.settings.isInstalled();
  return {
    host: ctx.binding.host,
    port: ctx.binding.port,
    basePath: ctx.config.basePath,
    scheme: schemeOf(ctx),
    lanAddresses: lanAddresses(ctx.host.networkInterfaces()),
    names: siteCertificateNames(ctx.config, {}).dns,
    siteUrl: installed ? (await ctx.settings.get('general')).site_url : '',
    managed: ctx.host.managed,
  };
}

/** The hints for where the server listens now (the console prints them at start too). */
export async function currentLanHints(ctx: AppContext) {
  return lanHints(await hintInput(ctx));
}

/** GET lan: the switch's state, with a QR code (SVG) for each address. */
export async function lanStatus(ctx: AppContext): Promise<LanStatus> {
  const urls = lanUrls(ctx);
  // the QR encoder is loaded by the first LAN page, not at the server's start
  const { default: QRCode } = await import('qrcode');
  const addresses = await Promise.all(
    urls.map(async (url) => ({ url, qr_svg: await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) })),
  );
  const tls = ctx.tls;
  const named = mdnsUrl(ctx);
  const localName = async () =>
    named
      ? {
          host: new URL(named).hostname,
          url: named,
          qr_svg: await QRCode.toString(named, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
        }
      : null;
  return {
    enabled: servesLan(ctx),
    managed: ctx.host.managed,
    port: ctx.binding.port,
    local_url: `${schemeOf(ctx)}://127.0.0.1:${ctx.binding.port}${ctx.config.basePath}`,
    addresses,
    scheme: schemeOf(ctx),
    tls: tls
      ? {
          mode: tls.mode,
          fingerprint: tls.fingerprint,
          names: tls.names,
          not_after: tls.notAfter.toISOString(),
          cert_file: tls.certFile,
          key_file: tls.keyFile,
        }
      : null,
    hints: await currentLanHints(ctx),
    local_name: await localName(),
  };
}

/** POST lan/site-url: sets the site URL to the one the site-URL hint suggests (an address LAN browsers open). */
export async function applySuggestedSiteUrl(ctx: AppContext): Promise<{ site_url: string }> {
  const suggestion = siteUrlSuggestion(await hintInput(ctx));
  if (!suggestion) throw badRequest('error.lan.no_site_url_suggestion');
  const url = normaliseSiteUrl(suggestion.suggested);
  const general = await ctx.settings.get('general');
  await ctx.settings.put('general', { ...general, site_url: url });
  ctx.events.emit({ type: 'settings.changed', group: 'general' });
  return { site_url: url };
}

/** The HTTPS part of a switch request: as now when left out, else as asked (own files checked first). */
async function tlsRequest(ctx: AppContext, input: LanSwitchInput): Promise<LanRequest['tls']> {
  const mode = input.tls ?? (ctx.tls ? (ctx.tls.mode === 'files' ? 'files' : 'self-signed') : 'off');
  if (mode === 'off') return { mode: 'off' };
  if (mode === 'self-signed') return { mode: 'self-signed' };
  const cert = input.tls_cert ?? ctx.tls?.certFile ?? '';
  const key = input.tls_key ?? ctx.tls?.keyFile ?? '';
  // a certificate the server cannot use would stop it from starting: refuse it here instead
  try {
    await loadOwnCertificate(cert, key);
  } catch (err) {
    throw fieldError('error.lan.tls_files', 'tls_cert', { why: err instanceof Error ? err.message : String(err) });
  }
  return { mode: 'files', cert, key };
}

/** Whether a request asks for the HTTPS the server already has. */
function sameTls(ctx: AppContext, tls: LanRequest['tls']): boolean {
  if (tls.mode === 'off') return !ctx.tls;
  if (tls.mode === 'self-signed') return ctx.tls?.mode === 'self-signed';
  return ctx.tls?.mode === 'files' && ctx.tls.certFile === tls.cert && ctx.tls.keyFile === tls.key;
}

/** PUT lan: only a desktop-hosted server can rebind itself; the shell restarts it after this answer. */
export async function requestLanSwitch(ctx: AppContext, input: LanSwitchInput): Promise<{ restarting: boolean }> {
  if (!ctx.host.managed) throw badRequest('error.lan.not_desktop');
  const tls = await tlsRequest(ctx, input);
  const same = input.enabled === servesLan(ctx) && (!input.enabled || input.port === ctx.binding.port) && sameTls(ctx, tls);
  if (same) return { restarting: false };
  // answer first: the restart ends this process's connections
  setTimeout(() => ctx.host.requestLan({ enabled: input.enabled, port: input.port, tls }), 50);
  return { restarting: true };
}

/** The site URL a desktop-hosted server announces: its first LAN URL when on the LAN, else loopback. */
export async function followSiteUrl(ctx: AppContext): Promise<string | null> {
  if (!(await ctx.settings.isInstalled())) return null;
  const url = normaliseSiteUrl(lanUrls(ctx)[0] ?? `${schemeOf(ctx)}://127.0.0.1:${ctx.binding.port}${ctx.config.basePath}`);
  const general = await ctx.settings.get('general');
  if (general.site_url !== url) {
    await ctx.settings.put('general', { ...general, site_url: url });
    ctx.events.emit({ type: 'settings.changed', group: 'general' });
  }
  return url;
}

/**
 * A server started from the command line keeps the site URL the admin set, but when it names this
 * server (a loopback or LAN address of this machine, or its name, at this port) in the other scheme,
 * the scheme follows: https:// once the server has a certificate, http:// once it has none.
 */
export async function followSiteUrlScheme(ctx: AppContext): Promise<string | null> {
  if (!(await ctx.settings.isInstalled())) return null;
  const general = await ctx.settings.get('general');
  let url: URL;
  try {
    url = new URL(general.site_url);
  } catch {
    return null;
  }
  const input = await hintInput(ctx);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const ours = ['127.0.0.1', 'localhost', '::1', ...input.lanAddresses, ...input.names].includes(host);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (!ours || port !== ctx.binding.port || url.protocol === `${input.scheme}:`) return null;
  const next = normaliseSiteUrl(general.site_url.replace(/^https?:/i, `${input.scheme}:`));
  await ctx.settings.put('general', { ...general, site_url: next });
  ctx.events.emit({ type: 'settings.changed', group: 'general' });
  return next;
}
