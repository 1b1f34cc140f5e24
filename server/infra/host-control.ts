import { networkInterfaces as osInterfaces, type NetworkInterfaceInfo } from 'node:os';

/** A request from the admin page to serve on the LAN (or stop), carried out by the desktop shell. */
export interface LanRequest {
  enabled: boolean;
  port: number;
  /** HTTPS after the restart: off, a self-signed certificate, or the team's own PEM files. */
  tls: { mode: 'off' } | { mode: 'self-signed' } | { mode: 'files'; cert: string; key: string };
}

/** What the server knows about who hosts it: the desktop shell can rebind it, a headless run cannot. */
export interface HostControl {
  /** True when a desktop shell started this server and listens for LAN requests. */
  readonly managed: boolean;
  /** Asks the shell to restart the server on the LAN or back on loopback. */
  requestLan(req: LanRequest): void;
  /** The machine's network interfaces (os.networkInterfaces in production). */
  networkInterfaces(): NodeJS.Dict<NetworkInterfaceInfo[]>;
}

/** A server nobody rebinds (tests and `npm run serve`). */
export const headlessHost: HostControl = {
  managed: false,
  requestLan() {
    throw new Error('not managed by a desktop shell');
  },
  networkInterfaces: osInterfaces,
};

/** The host control of a server run by the desktop shell: requests go to the parent as messages. */
export function parentHost(post: (message: unknown) => void): HostControl {
  return {
    managed: true,
    requestLan: (req) => post({ type: 'lantern:lan-request', enabled: req.enabled, port: req.port, tls: req.tls }),
    networkInterfaces: osInterfaces,
  };
}

/** The IPv4 LAN addresses (not loopback, not link-local) a LAN browser can reach. */
export function lanAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const out: string[] = [];
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      if (i.family === 'IPv4' && !i.internal && !i.address.startsWith('169.254.')) out.push(i.address);
    }
  }
  return [...new Set(out)];
}
