import pg from 'pg';
import { poolConfig } from '../db/dialect/postgres.js';
import { gatheringCacheDrops, peerMessage, type PeerMessage, type Peers } from './peers.js';

// On PostgreSQL the server processes may run on several machines, with no primary between them: they
// tell each other through the database (LISTEN/NOTIFY on one channel), and the once-per-site jobs run
// in whichever process holds a session advisory lock (it passes to another when that process ends,
// since the lock ends with its connection).

const CHANNEL = 'lantern_peers';
/** The advisory lock held by the process that runs the once-per-site jobs ("Lanu"). */
export const LEADER_LOCK = 0x4c616e75;
// NOTIFY payloads are limited to 8000 bytes: a longer list of prefixes is sent as "everything"
const MAX_PAYLOAD = 7500;
const RETRY_MS = 2000;

/** Peers on PostgreSQL, with `close` to end the listening connection. */
export interface PostgresPeers extends Peers {
  close(): Promise<void>;
}

/**
 * Connects the listening connection and resolves once it listens. `size` and `index` are this
 * process's place among the processes forked on this machine (1 and 0 for a lone process). A
 * process that is not the leader tries for the lock again every `leaderRetryMs`.
 */
export async function postgresPeers(url: string, opts: { size: number; index: number; leaderRetryMs?: number }): Promise<PostgresPeers> {
  const self = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const handlers: ((m: PeerMessage) => void)[] = [];
  let client: pg.Client | null = null;
  let leader = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const deliver = (message: PeerMessage) => {
    for (const h of handlers) h(message);
  };

  const connect = async () => {
    const c = new pg.Client({ ...poolConfig(url), application_name: `lantern ${process.pid} peers` });
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let raw: unknown;
      try {
        raw = JSON.parse(n.payload);
      } catch {
        return;
      }
      const env = raw as { from?: unknown; message?: unknown };
      if (!env || env.from === self) return;
      const parsed = peerMessage.safeParse(env.message);
      if (parsed.success) deliver(parsed.data);
    });
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    await c.connect();
    await c.query(`listen ${CHANNEL}`);
    client = c;
    await tryLead();
  };

  // a lost connection loses the notifications sent meanwhile and the leader lock: forget what may be
  // stale, then reconnect
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    leader = false;
    c.removeAllListeners('end');
    void c.end().catch(() => {});
    if (closed) return;
    deliver({ kind: 'cache', prefixes: [''] });
    deliver({ kind: 'settings' });
    schedule();
  };

  const tryLead = async () => {
    if (!client || leader) return;
    const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [LEADER_LOCK]);
    leader = r.rows[0]?.ok === true;
  };

  const schedule = () => {
    clearTimeout(retry);
    if (closed) return;
    retry = setTimeout(() => {
      const step = client ? tryLead() : connect();
      step
        .catch(() => {})
        .finally(() => {
          if (!leader) schedule();
        });
    }, opts.leaderRetryMs ?? RETRY_MS);
    retry.unref();
  };

  const send = (message: PeerMessage) => {
    let payload = JSON.stringify({ from: self, message });
    if (payload.length > MAX_PAYLOAD && message.kind === 'cache')
      payload = JSON.stringify({ from: self, message: { kind: 'cache', prefixes: [''] } });
    if (payload.length > MAX_PAYLOAD) return;
    void client?.query('select pg_notify($1, $2)', [CHANNEL, payload]).catch(() => {});
  };

  await connect();
  if (!leader) schedule();

  return {
    size: opts.size,
    index: opts.index,
    get leader() {
      return leader;
    },
    publish: gatheringCacheDrops(send),
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      leader = false;
      if (c) {
        c.removeAllListeners('end');
        await c.end().catch(() => {});
      }
    },
  };
}
