import type { AppContext } from '../../app-context.js';
import { advertise, advertisedAddresses, type Advertiser } from '../../infra/mdns.js';
import { candidateLabels, hostLabelFor, instanceLabelFor, readStoredLabel, storeLabel } from '../../infra/mdns-name.js';
import { appSlot } from '../../infra/app-state.js';

/** The advertiser of each running app (none on loopback, with --no-mdns, or before it has a name). */
const ADVERTISER = appSlot<Advertiser>('lan.mdns-advertiser');

/** Test knobs: another mDNS port, the loopback interface advertised too, shorter probes. */
export interface AdvertiseKnobs {
  mdnsPort?: number;
  loopback?: boolean;
  probeMs?: number;
}

/**
 * Advertises the site over mDNS while it serves the LAN (config.mdns; not on loopback unless a test
 * asks): `<site>.local` (kept in the data dir across restarts) and a `_http._tcp`/`_https._tcp` service
 * named after the site. Goodbye packets go out when the app closes. Null when it does not advertise;
 * a failure (no interface, every name taken) is logged, never stops the server.
 */
export async function startAdvertising(ctx: AppContext, knobs: AdvertiseKnobs = {}): Promise<Advertiser | null> {
  const loopbackOnly = ['127.0.0.1', 'localhost', '::1'].includes(ctx.binding.host);
  if (!ctx.config.mdns || (loopbackOnly && !knobs.loopback)) return null;
  const siteName = (await ctx.settings.isInstalled()) ? (await ctx.settings.get('general')).name : 'Lantern';
  const base = hostLabelFor(siteName);
  try {
    const adv = await advertise({
      instance: instanceLabelFor(siteName),
      hostLabels: candidateLabels(base, readStoredLabel(ctx.config.dataDir)),
      port: ctx.binding.port,
      service: ctx.tls ? '_https._tcp' : '_http._tcp',
      txt: {
        path: ctx.config.basePath || '/',
        lantern: '1',
        version: ctx.config.revision.replace(/^lantern-/, ''),
        api: ctx.config.version,
      },
      addresses: () => advertisedAddresses(ctx.binding.host, ctx.host.networkInterfaces(), knobs.loopback),
      mdnsPort: knobs.mdnsPort,
      probeMs: knobs.probeMs,
      warn: (message, err) => ctx.logger.warn({ err }, message),
    });
    storeLabel(ctx.config.dataDir, adv.host.replace(/\.local$/, ''));
    ctx.state.set(ADVERTISER, adv);
    ctx.beforeClose.push(async () => {
      ctx.state.delete(ADVERTISER);
      await adv.stop();
    });
    ctx.logger.info({ host: adv.host, instance: adv.instance }, 'advertising over mDNS');
    return adv;
  } catch (err) {
    ctx.logger.warn({ err }, 'not advertising over mDNS');
    return null;
  }
}

/** The `.local` URL of the site while it is advertised (e.g. `http://team-qa.local:9080`), else null. */
export function mdnsUrl(ctx: AppContext): string | null {
  const adv = ctx.state.get(ADVERTISER);
  if (!adv) return null;
  return `${ctx.tls ? 'https' : 'http'}://${adv.host}:${ctx.binding.port}${ctx.config.basePath}`;
}
