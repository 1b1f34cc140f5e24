import { bindHostFor, parseTls, type Binding, type LanSwitch as LanState, type ServerTls } from './server-host';
import type { KeyValueStore } from './token-store';

/** The part of the server host the switch drives. */
export interface Rebindable {
  rebind(host: string, port: number, tls?: ServerTls): Promise<string>;
}

/** The port LAN browsers are told to use unless the admin picks another. */
export const DEFAULT_LAN_PORT = 9080;

/**
 * The "serve on the LAN" setting: remembered across launches, off by default. Turning it on
 * restarts the server on every interface at a fixed port; off, back to loopback on any port.
 */
export class LanSwitch {
  private busy: Promise<string> | null = null;

  constructor(
    private readonly store: KeyValueStore,
    private readonly onChanged: (url: string, state: LanState) => void,
  ) {}

  /** The remembered setting. */
  current(): LanState {
    const port = Number(this.store.get('lan.port'));
    return {
      enabled: this.store.get('lan.enabled') === true,
      port: Number.isInteger(port) && port >= 1024 && port <= 65535 ? port : DEFAULT_LAN_PORT,
    };
  }

  /** The remembered HTTPS choice (off unless the admin page chose one). */
  tls(): ServerTls {
    return parseTls(this.store.get('lan.tls')) ?? { mode: 'off' };
  }

  /** Where the server should bind at launch. */
  binding(): { host: string; port: number } {
    const s = this.current();
    return { host: bindHostFor(s.enabled), port: s.enabled ? s.port : 0 };
  }

  /**
   * Records where the server really serves after it fell back from the remembered binding (a LAN
   * port that is taken): the menu and the next launch then match it instead of the failed wish.
   */
  adopt(actual: Binding, tls?: ServerTls): void {
    const enabled = actual.host !== '127.0.0.1';
    this.store.set('lan.enabled', enabled);
    if (enabled) this.store.set('lan.port', actual.port);
    // a certificate that could not be loaded: the HTTPS the server fell back to
    if (tls) this.store.set('lan.tls', tls);
  }

  /** Applies a new setting: stores it and rebinds the server (with its HTTPS choice, when it has one); one switch at a time. */
  async set(host: Rebindable, next: LanState): Promise<string> {
    if (this.busy) await this.busy.catch(() => undefined);
    this.store.set('lan.enabled', next.enabled);
    this.store.set('lan.port', next.port);
    if (next.tls) this.store.set('lan.tls', next.tls);
    const { host: bindHost, port } = this.binding();
    const mine = next.tls ? host.rebind(bindHost, port, next.tls) : host.rebind(bindHost, port);
    this.busy = mine;
    try {
      const url = await mine;
      this.onChanged(url, this.current());
      return url;
    } finally {
      if (this.busy === mine) this.busy = null;
    }
  }
}
