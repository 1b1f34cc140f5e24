/**
 * The other server processes on the same database (`--processes N`), as one process sees them.
 * What a process keeps in memory and others change must be dropped when they change it: reused
 * list pages and search results, the site settings, a backup job's progress. Each process
 * publishes those drops here and applies the ones it receives. Domain events themselves are not
 * sent: notifications, badges and mail run once, in the process that made the change.
 *
 * With one process (the desktop, tests) the peers are nobody: publishing does nothing.
 */
import { z } from 'zod';

/** A snapshot of another process's backup job, as the admin page follows it. */
const jobSnapshot = z
  .object({
    id: z.number(),
    kind: z.enum(['backup', 'restore']),
    state: z.enum(['running', 'done', 'failed']),
  })
  .passthrough();

/** What processes tell each other. */
export const peerMessage = z.discriminatedUnion('kind', [
  /** Cache entries under these key prefixes are stale ('' is everything). */
  z.object({ kind: z.literal('cache'), prefixes: z.array(z.string()).max(1000) }),
  /** The site settings changed. */
  z.object({ kind: z.literal('settings') }),
  /** A backup job started, moved or ended in the process `from` (its pid). */
  z.object({ kind: z.literal('backup-job'), from: z.number().int(), job: jobSnapshot }),
  /** The process `pid` stopped (sent by the primary): whatever it was running has ended. */
  z.object({ kind: z.literal('peer-exit'), pid: z.number().int() }),
]);
export type PeerMessage = z.infer<typeof peerMessage>;

/** The envelope the messages travel in between a server process and the primary. */
export const PEER_ENVELOPE = 'lantern:peer';

/** This process's view of the others. */
export interface Peers {
  /** How many server processes share the database (1: this one alone). */
  readonly size: number;
  /** This process's place among them, from 0 (shown in the X-Lantern-Process header when there are several). */
  readonly index: number;
  /** Whether this process runs the once-per-site jobs (hot scores, digest, scheduled backup) now; on PostgreSQL it may change (see pg-peers.ts). */
  readonly leader: boolean;
  /** Tells every other process (never this one). */
  publish(message: PeerMessage): void;
  /** Called with each message another process published. */
  subscribe(handler: (message: PeerMessage) => void): void;
  /** Ends the link to the others (the app calls it as it closes). */
  close?(): Promise<void>;
}

/** One process alone: the leader, nobody to tell. */
export const solePeers: Peers = {
  size: 1,
  index: 0,
  leader: true,
  publish() {},
  subscribe() {},
};

/** The channel to the primary: a cluster worker's process.send and its 'message' events. */
export interface PeerChannel {
  send(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): void;
}

/**
 * The peers of a process forked by the primary (server/cluster.ts): messages go to the primary,
 * which passes them to every other process. Cache drops made in one tick go as one message.
 */
export function clusterPeers(channel: PeerChannel, opts: { size: number; index: number }): Peers {
  const handlers: ((m: PeerMessage) => void)[] = [];
  const send = (message: PeerMessage) => channel.send({ type: PEER_ENVELOPE, message });
  channel.on('message', (raw) => {
    if (!raw || typeof raw !== 'object' || (raw as { type?: unknown }).type !== PEER_ENVELOPE) return;
    const parsed = peerMessage.safeParse((raw as { message?: unknown }).message);
    if (!parsed.success) return;
    for (const h of handlers) h(parsed.data);
  });
  return {
    size: opts.size,
    index: opts.index,
    // process 0 starts first and, replaced, takes its place again
    leader: opts.index === 0,
    publish: gatheringCacheDrops(send),
    subscribe(handler) {
      handlers.push(handler);
    },
  };
}

/**
 * A publish function over `send` that gathers the cache drops of one turn into one message: a write
 * drops several prefixes at once. Other messages go at once.
 */
export function gatheringCacheDrops(send: (message: PeerMessage) => void): (message: PeerMessage) => void {
  let pending: Set<string> | null = null;
  return (message) => {
    if (message.kind !== 'cache') return send(message);
    if (pending) {
      for (const p of message.prefixes) pending.add(p);
      return;
    }
    pending = new Set(message.prefixes);
    setImmediate(() => {
      const prefixes = [...pending!];
      pending = null;
      send({ kind: 'cache', prefixes: prefixes.includes('') ? [''] : prefixes });
    });
  };
}
