/**
 * Several server processes on one port and one database (`--processes N`): this primary forks them
 * (each runs the whole server, server/main.ts), passes the messages they publish for each other
 * (server/infra/peers.ts), replaces one that dies (after 1 s, 2 s, 4 s ... at most 30 s while the
 * replacements of one process keep dying within a minute), and stops them all on SIGINT/SIGTERM. It
 * opens no database itself.
 *
 * Process 0 starts first and alone: it migrates the database and runs an unattended install
 * before the others open it; it is also the leader, which runs the once-per-site jobs.
 */
import cluster, { type Worker } from 'node:cluster';
import { PEER_ENVELOPE, type PeerMessage } from './infra/peers.js';
import { describeExit, RestartBackoff } from './supervisor.mjs';

/** The environment that tells a forked process its place. */
export const PEER_INDEX_ENV = 'LANTERN_PEER_INDEX';

/** What the primary tells its own parent (a supervisor, a test): the same messages one process sends. */
type Reply = (message: unknown) => void;

/** How long a stopping process may take before it is killed. */
const STOP_GRACE_MS = 15_000;

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  /** The wait before the next replacement grows while this slot's processes die quickly (server/supervisor.mjs). */
  backoff: RestartBackoff;
  /** A replacement waiting for its start. */
  restart: NodeJS.Timeout | null;
  /** Whether a process of this slot has served (a replacement, not the first start). */
  served: boolean;
}

function typeOf(m: unknown): string | undefined {
  return m && typeof m === 'object' ? ((m as { type?: unknown }).type as string | undefined) : undefined;
}

/** Runs the primary until it is stopped; resolves with the exit code it wants. */
export async function runPrimary(processes: number, reply: Reply, log: (line: string) => void): Promise<number> {
  let stopping = false;
  let done: (code: number) => void = () => {};
  const finished = new Promise<number>((resolve) => (done = resolve));
  const slots: Slot[] = Array.from({ length: processes }, (_, index) => ({
    index,
    worker: null,
    startedAt: 0,
    backoff: new RestartBackoff(),
    restart: null,
    served: false,
  }));

  /** Sends a peer envelope to every serving process but `from`. */
  const toOthers = (envelope: { type: typeof PEER_ENVELOPE; message: PeerMessage }, from?: Worker) => {
    for (const s of slots) if (s.worker && s.worker !== from && s.worker.isConnected()) s.worker.send(envelope);
  };

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const s of slots) if (s.restart) clearTimeout(s.restart);
    const alive = slots.map((s) => s.worker).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => w.process.kill('SIGKILL'), STOP_GRACE_MS);
            w.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            w.process.kill('SIGTERM');
          }),
      ),
    );
    done(code);
  };

  /** Forks the process of a slot; resolves once it serves, rejects with its start error. */
  const fork = (slot: Slot) =>
    new Promise<void>((resolve, reject) => {
      const worker = cluster.fork({ [PEER_INDEX_ENV]: String(slot.index) });
      slot.worker = worker;
      slot.startedAt = Date.now();
      let serving = false;
      worker.on('message', (m: unknown) => {
        const type = typeOf(m);
        if (type === PEER_ENVELOPE) {
          toOthers(m as { type: typeof PEER_ENVELOPE; message: PeerMessage }, worker);
        } else if (type === 'lantern:ready') {
          serving = true;
          slot.served = true;
          if (slot.index === 0) reply(m);
          resolve();
        } else if (type === 'lantern:start-failed') {
          reject(new Error(String((m as { error?: unknown }).error ?? 'start failed')));
        }
      });
      worker.on('exit', (code, signal) => {
        if (slot.worker === worker) slot.worker = null;
        if (!serving) reject(new Error(`server process ${slot.index} exited (${signal ?? code}) before serving`));
        // a first start that failed stops everything (below); only a process that served is replaced
        if (stopping || !slot.served) return;
        // whatever it was running (a backup) has ended with it
        toOthers({ type: PEER_ENVELOPE, message: { kind: 'peer-exit', pid: worker.process.pid ?? -1 } });
        // the others serve on meanwhile; one that keeps dying is started again less and less often
        const wait = slot.backoff.next(Date.now() - slot.startedAt);
        log(`lantern: server process ${slot.index} stopped (${describeExit(code, signal)}); starting another in ${wait / 1000} s\n`);
        slot.restart = setTimeout(() => {
          slot.restart = null;
          if (stopping) return;
          fork(slot).catch((err: unknown) => log(`lantern: server process ${slot.index} could not start: ${String(err)}\n`));
        }, wait);
      });
    });

  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  process.on('message', (m) => {
    if (typeOf(m) === 'lantern:stop') void stopAll(0);
  });

  try {
    // the first process migrates and installs; the others open a database that is ready
    await fork(slots[0]);
    await Promise.all(slots.slice(1).map(fork));
  } catch (err) {
    // stopped while starting (a signal): nothing failed
    if (stopping) return finished;
    const error = err instanceof Error ? err.message : String(err);
    log(`lantern failed to start: ${error}\n`);
    reply({ type: 'lantern:start-failed', error });
    await stopAll(1);
    return finished;
  }
  log(`lantern: ${processes} server processes are serving\n`);
  return finished;
}
