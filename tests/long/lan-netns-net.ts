// A small LAN for the LAN long test (tests/long/lan-netns.test.ts), made of Linux network
// namespaces: `lt-<pid>-lan` holds a bridge, and each computer (`lt-<pid>-srv`, `-vis`, `-mem`)
// has loopback and one interface `eth0` on the bridge (a veth pair), multicast on and a route for
// 224.0.0.0/4, so mDNS works between them. The addresses are on a private test subnet that exists
// only inside these namespaces: nothing is added to the machine's own namespace, and no traffic
// leaves them (no namespace has a default route, and each has a resolv.conf of its own naming
// its loopback). Needs root (or CAP_NET_ADMIN and CAP_SYS_ADMIN) and iproute2's `ip netns`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';

/** The test subnet (RFC 1918, unlikely to be used by the machine; only inside the namespaces anyway). */
export const SUBNET = '10.213.57';
export const COMPUTERS = { srv: `${SUBNET}.1`, vis: `${SUBNET}.2`, mem: `${SUBNET}.3` } as const;
export type Computer = keyof typeof COMPUTERS;

const PREFIX = /^lt-(\d+)-(lan|srv|vis|mem)$/;

export interface Lan {
  /** Namespace names, per computer and for the bridge. */
  ns: Record<Computer | 'lan', string>;
}

function ip(args: string[], opts: { allowFail?: boolean } = {}): string {
  const r = spawnSync('ip', args, { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) {
    if (opts.allowFail) return '';
    throw new Error(`ip ${args.join(' ')} failed: ${r.error?.message ?? r.stderr.trim()}`);
  }
  return r.stdout;
}

/** Why this machine cannot run the test (not root, no `ip netns`), or null when it can. */
export function netnsUnavailable(): string | null {
  if (process.platform !== 'linux') return 'network namespaces are Linux only';
  if (process.getuid?.() !== 0) return 'needs root (ip netns add); run npm run test:long as root, as CI does';
  const r = spawnSync('ip', ['netns', 'list'], { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) return `ip netns is not available: ${r.error?.message ?? r.stderr.trim()}`;
  // making one proves the kernel lets us (a container without CAP_SYS_ADMIN does not)
  const probe = `lt-${process.pid}-probe`;
  const add = spawnSync('ip', ['netns', 'add', probe], { encoding: 'utf8', timeout: 10_000 });
  if (add.status !== 0) return `ip netns add failed: ${add.stderr.trim()}`;
  spawnSync('ip', ['netns', 'del', probe], { timeout: 10_000 });
  return null;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The processes running in a namespace (`ip netns pids`). */
export function pidsIn(ns: string): number[] {
  return ip(['netns', 'pids', ns], { allowFail: true })
    .split(/\s+/)
    .filter(Boolean)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
}

/** Kills what runs in a namespace (each by its id: only this test starts processes there), then deletes it. */
function removeNamespace(ns: string): void {
  for (const pid of pidsIn(ns)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
  }
  ip(['netns', 'del', ns], { allowFail: true });
  rmSync(`/etc/netns/${ns}`, { recursive: true, force: true });
}

/** Deletes the namespaces of earlier runs that were killed before their clean-up (their pid is gone). */
export function removeStaleLans(): string[] {
  const removed: string[] = [];
  for (const line of ip(['netns', 'list'], { allowFail: true }).split('\n')) {
    const name = line.split(' ')[0] ?? '';
    const m = PREFIX.exec(name);
    if (!m || Number(m[1]) === process.pid || alive(Number(m[1]))) continue;
    removeNamespace(name);
    removed.push(name);
  }
  // a resolv.conf left behind by a run killed between making it and its namespace
  for (const name of existsSync('/etc/netns') ? readdirSync('/etc/netns') : []) {
    const m = PREFIX.exec(name);
    if (m && Number(m[1]) !== process.pid && !alive(Number(m[1]))) rmSync(`/etc/netns/${name}`, { recursive: true, force: true });
  }
  return removed;
}

/** Builds the LAN: a bridge namespace and one namespace per computer, wired and addressed. */
export function makeLan(): Lan {
  const tag = `lt-${process.pid}`;
  const lan: Lan = { ns: { lan: `${tag}-lan`, srv: `${tag}-srv`, vis: `${tag}-vis`, mem: `${tag}-mem` } };
  try {
    for (const ns of Object.values(lan.ns)) {
      // `ip netns exec` puts /etc/netns/<ns>/* over /etc: no DNS server but the namespace's own
      // loopback, so a name lookup (Chromium's of a .local name) never goes to the machine's resolver
      mkdirSync(`/etc/netns/${ns}`, { recursive: true });
      writeFileSync(`/etc/netns/${ns}/resolv.conf`, '# the Lantern LAN test: no DNS server on this LAN\nnameserver 127.0.0.1\n');
      ip(['netns', 'add', ns]);
      ip(['-n', ns, 'link', 'set', 'lo', 'up']);
    }
    ip(['-n', lan.ns.lan, 'link', 'add', 'br0', 'type', 'bridge']);
    ip(['-n', lan.ns.lan, 'link', 'set', 'br0', 'up']);
    for (const [computer, address] of Object.entries(COMPUTERS) as [Computer, string][]) {
      const ns = lan.ns[computer];
      // the bridge's end is named after the computer; the computer's end is its eth0
      ip(['-n', lan.ns.lan, 'link', 'add', `p-${computer}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', ns]);
      ip(['-n', lan.ns.lan, 'link', 'set', `p-${computer}`, 'master', 'br0']);
      ip(['-n', lan.ns.lan, 'link', 'set', `p-${computer}`, 'up']);
      ip(['-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0']);
      ip(['-n', ns, 'link', 'set', 'dev', 'eth0', 'multicast', 'on']);
      ip(['-n', ns, 'link', 'set', 'dev', 'eth0', 'up']);
      // mDNS's group (224.0.0.251) goes out of eth0, the only interface
      ip(['-n', ns, 'route', 'add', '224.0.0.0/4', 'dev', 'eth0']);
    }
  } catch (err) {
    removeLan(lan);
    throw err;
  }
  return lan;
}

/** Tears the LAN down (whatever part of it exists), killing what still runs in it. */
export function removeLan(lan: Lan): void {
  for (const ns of [lan.ns.srv, lan.ns.vis, lan.ns.mem, lan.ns.lan]) removeNamespace(ns);
}

/** The IPv4 addresses a namespace's interfaces have (to check the LAN is as built). */
export function addressesIn(ns: string): string[] {
  return [...ip(['-n', ns, '-4', '-o', 'addr', 'show']).matchAll(/inet (\d+\.\d+\.\d+\.\d+)\//g)].map((m) => m[1]!);
}

/** Whether a process runs in the namespace (its /proc/PID/ns/net is the namespace's /run/netns file). */
export function runsIn(pid: number, ns: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/ns/net`) === `net:[${statSync(`/run/netns/${ns}`).ino}]`;
  } catch {
    return false;
  }
}
