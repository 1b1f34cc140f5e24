import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/** The part of an Electron UtilityProcess the host uses. */
export interface ChildLike {
  on(event: 'exit', listener: (code: number) => void): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  postMessage(message: unknown): void;
  kill(): boolean;
}

/** Starts a server child with the given args (utilityProcess.fork in the app). */
export type ForkFn = (args: string[]) => ChildLike;

/** Options of the server host. */
export interface ServerHostOptions {
  fork: ForkFn;
  dataDir: string;
  host?: string;
  port?: number;
  /** Restarts allowed within `windowMs` before the host gives up. */
  maxRestarts?: number;
  windowMs?: number;
  stopTimeoutMs?: number;
  now?: () => number;
  onReady?: (url: string) => void;
  onGiveUp?: (reason: string) => void;
  /** The wanted binding failed before the server was ready; it is being started on `using` instead. */
  onFallback?: (fallback: BindFallback) => void;
  /** The admin page asked (through the server) to serve on the LAN or stop; already validated. */
  onLanRequest?: (req: LanSwitch) => void;
  /** HTTPS at the first start (default off); rebind() may change it. */
  tls?: ServerTls;
  /**
   * The server's log file (it writes <data dir>/logs/lantern.log itself): the host adds its own lines
   * there, as JSON lines like the server's: a server that died, a restart, a fallback, giving up.
   */
  logFile?: string | null;
}

/** How the server speaks: plain HTTP, HTTPS with a certificate it makes, or with the team's own PEM files. */
export type ServerTls = { mode: 'off' } | { mode: 'self-signed' } | { mode: 'files'; cert: string; key: string };

/** A LAN switch request: on/off and the port to serve on, and HTTPS when the admin page chose it. */
export interface LanSwitch {
  enabled: boolean;
  port: number;
  tls?: ServerTls;
}

/** Where a server listens. */
export interface Binding {
  host: string;
  port: number;
}

/** A server that could not start on `wanted` and is started on `using` instead. */
export interface BindFallback {
  wanted: Binding;
  using: Binding;
  reason: string;
}

const LOOPBACK_ANY_PORT: Binding = { host: '127.0.0.1', port: 0 };

/** Reads a child's start-failed message (the error that ended it before it was ready). */
export function parseStartFailure(m: unknown): string | null {
  if (!m || typeof m !== 'object') return null;
  const { type, error } = m as { type?: unknown; error?: unknown };
  return type === 'lantern:start-failed' && typeof error === 'string' && error ? error.slice(0, 500) : null;
}

/** What the user is told when the server could not bind where it was asked to. */
export function fallbackMessage(f: BindFallback): { message: string; detail: string } {
  const where = (b: Binding) => (b.host === '127.0.0.1' ? 'this computer only' : `the LAN on port ${b.port}`);
  const wanted = f.wanted.host === '127.0.0.1' ? `on ${where(f.wanted)}` : `on the LAN on port ${f.wanted.port}`;
  return {
    message: `Lantern could not serve ${wanted}`,
    detail: `${f.reason}.\nIt is serving on ${where(f.using)} instead. Pick another port from the Server menu (or the LAN page) to serve on the LAN.`,
  };
}

/** A TLS choice from a message or the store: off, self-signed, or two non-empty file paths; anything else null. */
export function parseTls(v: unknown): ServerTls | null {
  if (!v || typeof v !== 'object') return null;
  const { mode, cert, key } = v as { mode?: unknown; cert?: unknown; key?: unknown };
  if (mode === 'off' || mode === 'self-signed') return { mode };
  const path = (p: unknown): p is string => typeof p === 'string' && p.length > 0 && p.length <= 4096 && !p.includes('\0');
  if (mode === 'files' && path(cert) && path(key)) return { mode, cert, key };
  return null;
}

/** The server's command-line flags for a TLS choice (none for off). */
export function tlsArgs(tls: ServerTls): string[] {
  if (tls.mode === 'self-signed') return ['--tls', 'self-signed'];
  if (tls.mode === 'files') return ['--tls-cert', tls.cert, '--tls-key', tls.key];
  return [];
}

/** Checks a child's lan-request message: a boolean and a port in 1024-65535 (and a valid TLS choice if any); anything else is dropped. */
export function parseLanRequest(m: unknown): LanSwitch | null {
  if (!m || typeof m !== 'object') return null;
  const { type, enabled, port, tls } = m as { type?: unknown; enabled?: unknown; port?: unknown; tls?: unknown };
  if (type !== 'lantern:lan-request' || typeof enabled !== 'boolean') return null;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1024 || port > 65535) return null;
  if (tls === undefined) return { enabled, port };
  const parsed = parseTls(tls);
  return parsed ? { enabled, port, tls: parsed } : null;
}

/** The SHA-256 fingerprint a ready message carries (colon-separated hex), else null. */
export function parseFingerprint(m: unknown): string | null {
  const f = m && typeof m === 'object' ? (m as { fingerprint?: unknown }).fingerprint : undefined;
  return typeof f === 'string' && /^([0-9A-F]{2}:){31}[0-9A-F]{2}$/.test(f) ? f : null;
}

/** The address the server binds for a LAN setting. */
export function bindHostFor(lanEnabled: boolean): string {
  return lanEnabled ? '0.0.0.0' : '127.0.0.1';
}

/** Runs the Express server in a child process, restarts it if it dies, stops it cleanly on quit. */
export class ServerHost {
  private child: ChildLike | null = null;
  private stopping = false;
  private restarts: number[] = [];
  private url: string | null = null;
  /** A start() waiting for the ready message. */
  private pending: { resolve: (url: string) => void; reject: (err: Error) => void } | null = null;
  /** Whether the running child has reported ready. */
  private ready = false;
  /** What the running child said when it failed to start. */
  private lastError: string | null = null;
  /** The last binding a child reported ready on. */
  private lastGood: Binding | null = null;
  private host: string;
  private port: number;
  private tls: ServerTls;
  /** The TLS choice of the last binding that worked. */
  private lastGoodTls: ServerTls = { mode: 'off' };
  private fingerprint: string | null = null;

  constructor(private readonly opts: ServerHostOptions) {
    this.host = opts.host ?? '127.0.0.1';
    this.port = opts.port ?? 0;
    this.tls = opts.tls ?? { mode: 'off' };
  }

  /** The server's URL once it said it is ready. */
  get currentUrl(): string | null {
    return this.url;
  }

  /** The SHA-256 fingerprint of the certificate the ready server serves HTTPS with (null on plain HTTP). */
  get currentFingerprint(): string | null {
    return this.fingerprint;
  }

  /**
   * Starts the child; resolves with its URL when it reports ready. A child that exits before it is
   * ready (a port taken since it was remembered, an address gone) is started again on the fallback
   * binding (the last one that worked, else loopback on any port) and `onFallback` tells why; when
   * that fails too, or the restarts run out, the promise rejects. It always settles.
   */
  start(): Promise<string> {
    this.stopping = false;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.spawn();
    });
  }

  private spawn(): void {
    const args = ['--port', String(this.port), '--host', this.host, '--data-dir', this.opts.dataDir, ...tlsArgs(this.tls)];
    const child = this.opts.fork(args);
    this.child = child;
    this.ready = false;
    this.lastError = null;
    child.on('message', (m) => {
      if (child !== this.child) return;
      if (
        m &&
        typeof m === 'object' &&
        (m as { type?: unknown }).type === 'lantern:ready' &&
        typeof (m as { url?: unknown }).url === 'string'
      ) {
        this.url = (m as { url: string }).url;
        this.fingerprint = parseFingerprint(m);
        this.ready = true;
        // keep the same port across restarts so the window's URL stays valid
        this.port = Number(new URL(this.url).port) || this.port;
        this.lastGood = { host: this.host, port: this.port };
        this.lastGoodTls = this.tls;
        this.opts.onReady?.(this.url);
        this.settle((p) => p.resolve(this.url as string));
      }
      const failed = parseStartFailure(m);
      if (failed) this.lastError = failed;
      const lan = parseLanRequest(m);
      if (lan) this.opts.onLanRequest?.(lan);
    });
    child.on('exit', (code) => this.onExit(child, code));
  }

  private settle(fn: (p: { resolve: (url: string) => void; reject: (err: Error) => void }) => void): void {
    const p = this.pending;
    this.pending = null;
    if (p) fn(p);
  }

  /** Appends one of the host's lines to the log file (a warning, or an error). */
  private note(level: 'warn' | 'error', msg: string): void {
    const file = this.opts.logFile;
    if (!file) return;
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      const line = { level: level === 'warn' ? 40 : 50, time: Date.now(), pid: process.pid, app: 'lantern', from: 'desktop', msg };
      appendFileSync(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
    } catch {
      // the log is a help, never a reason to stop
    }
  }

  private onExit(child: ChildLike, code: number): void {
    if (child !== this.child) return;
    this.child = null;
    if (this.stopping) {
      this.settle((p) => p.reject(new Error('the server was stopped before it was ready')));
      return;
    }
    const reason = this.lastError ?? `exit code ${code}`;
    this.note('warn', `the server process stopped (${reason})${this.ready ? '' : ' before it was ready'}`);
    // never ready on this binding: go back to one that works instead of retrying a taken port
    const fallback = this.lastGood ?? LOOPBACK_ANY_PORT;
    // (a certificate that cannot be loaded fails the start too: back to the HTTPS that worked, else none)
    const fallbackTls = this.lastGood ? this.lastGoodTls : { mode: 'off' as const };
    const sameTls = JSON.stringify(fallbackTls) === JSON.stringify(this.tls);
    if (!this.ready && (fallback.host !== this.host || fallback.port !== this.port || !sameTls)) {
      const wanted = { host: this.host, port: this.port };
      this.host = fallback.host;
      this.port = fallback.port;
      this.tls = fallbackTls;
      this.note(
        'warn',
        `could not serve on ${wanted.host}:${wanted.port}; serving on ${fallback.host}:${fallback.port || 'any port'} instead`,
      );
      this.opts.onFallback?.({ wanted, using: { ...fallback }, reason });
      this.spawn();
      return;
    }
    const now = (this.opts.now ?? Date.now)();
    const windowMs = this.opts.windowMs ?? 60_000;
    this.restarts = this.restarts.filter((t) => now - t < windowMs);
    if (this.restarts.length >= (this.opts.maxRestarts ?? 3)) {
      const why = `the server exited ${this.restarts.length + 1} times within ${windowMs / 1000}s (last: ${reason})`;
      this.note('error', `gave up: ${why}`);
      this.opts.onGiveUp?.(why);
      this.settle((p) => p.reject(new Error(why)));
      return;
    }
    this.restarts.push(now);
    this.note('warn', 'starting the server process again');
    this.spawn();
  }

  /** Asks the child to stop (it closes the database) and waits for it to exit. */
  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve();
      }, this.opts.stopTimeoutMs ?? 5000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.postMessage({ type: 'lantern:stop' });
    });
    this.child = null;
    this.settle((p) => p.reject(new Error('the server was stopped before it was ready')));
  }

  /** Asks the server for a database backup; resolves with the backup file's path. */
  backup(timeoutMs = 60_000): Promise<string> {
    const child = this.child;
    if (!child) return Promise.reject(new Error('the server is not running'));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the backup took too long')), timeoutMs);
      child.on('message', (m) => {
        const msg = m as { type?: string; file?: string; error?: string };
        if (msg?.type === 'lantern:backup-done' && typeof msg.file === 'string') {
          clearTimeout(timer);
          resolve(msg.file);
        } else if (msg?.type === 'lantern:backup-failed') {
          clearTimeout(timer);
          reject(new Error(msg.error ?? 'backup failed'));
        }
      });
      child.postMessage({ type: 'lantern:backup' });
    });
  }

  /** Restarts the server bound to another host/port (the LAN switch), and with another TLS choice when given. */
  async rebind(host: string, port: number, tls?: ServerTls): Promise<string> {
    await this.stop();
    this.host = host;
    this.port = port;
    if (tls) this.tls = tls;
    return this.start();
  }

  /** The TLS choice the server is (or is being) started with. */
  get currentTls(): ServerTls {
    return this.tls;
  }
}
