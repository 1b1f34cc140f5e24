/** What a session holds open: closing it ends the SSE response and the server behind it. */
export interface Closable {
  close(): Promise<void> | void;
}

/** Limits of the SSE sessions (one open response each). */
export interface McpSessionLimits {
  /** Open SSE sessions one API key may have. */
  perKey: number;
  /** Open SSE sessions of the whole site. */
  total: number;
  /** A session with no message for this long is closed (milliseconds). */
  idleMs: number;
}

export const MCP_SESSION_LIMITS: McpSessionLimits = { perKey: 4, total: 64, idleMs: 10 * 60_000 };

interface Entry<T> {
  keyId: number;
  session: T;
  timer: NodeJS.Timeout;
}

/**
 * The open SSE sessions of one app (each an open response and an MCP server): at most `perKey`
 * for a key and `total` in all, each closed after `idleMs` without a message, all closed when the
 * app closes. An SSE client posts its messages to the session it opened, with the same key.
 */
export class McpSessions<T extends Closable = Closable> {
  private readonly open = new Map<string, Entry<T>>();

  constructor(private readonly limits: McpSessionLimits = MCP_SESSION_LIMITS) {}

  /** Whether one more session may open for the key. */
  hasRoom(keyId: number): boolean {
    if (this.open.size >= this.limits.total) return false;
    let n = 0;
    for (const e of this.open.values()) if (e.keyId === keyId) n++;
    return n < this.limits.perKey;
  }

  /** Registers an opened session; the idle clock starts. */
  add(id: string, keyId: number, session: T): void {
    this.open.set(id, { keyId, session, timer: this.idleTimer(id) });
  }

  /** The session with this id, if it is open and belongs to the key; the idle clock restarts. */
  touch(id: string, keyId: number): T | undefined {
    const e = this.open.get(id);
    if (!e || e.keyId !== keyId) return undefined;
    clearTimeout(e.timer);
    e.timer = this.idleTimer(id);
    return e.session;
  }

  /** Forgets a session (its response closed). */
  remove(id: string): void {
    const e = this.open.get(id);
    if (!e) return;
    clearTimeout(e.timer);
    this.open.delete(id);
  }

  /** Open sessions of a key (or of all keys). */
  count(keyId?: number): number {
    if (keyId === undefined) return this.open.size;
    return [...this.open.values()].filter((e) => e.keyId === keyId).length;
  }

  /** Closes every session (the app is closing). */
  async closeAll(): Promise<void> {
    const all = [...this.open.entries()];
    for (const [id] of all) this.remove(id);
    await Promise.allSettled(all.map(([, e]) => e.session.close()));
  }

  private idleTimer(id: string): NodeJS.Timeout {
    const t = setTimeout(() => {
      const e = this.open.get(id);
      this.remove(id);
      void Promise.resolve(e?.session.close()).catch(() => undefined);
    }, this.limits.idleMs);
    t.unref();
    return t;
  }
}
