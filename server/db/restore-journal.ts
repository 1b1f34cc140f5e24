import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// A restore swaps a data dir's database and uploads for a backup's by rename: the old ones are
// moved into a `.replaced-*` folder first, then the backup's are moved in. A process killed half
// way would leave a data dir without its database (the next start would create an empty one) or
// with a new database beside the old uploads. The aside folder therefore carries a journal of
// the phase reached, and every start finishes or undoes what it finds before opening the
// database: the data dir is always either wholly the old site or wholly the restored one.

/** The entries a restore replaces, in the order they are moved aside. */
export const SWAPPED_ENTRIES = ['lantern.db', 'lantern.db-wal', 'lantern.db-shm', 'uploads'] as const;
/** The entries a restore moves in from the backup. */
export const PLACED_ENTRIES = ['lantern.db', 'uploads'] as const;

const JOURNAL = '.swap-phase';
const ASIDE_PREFIX = '.replaced-';
const STAGING_PREFIX = '.restore-';

/** aside: old entries are being moved out; placing: the backup's are being moved in; done: the data dir is the restored site. */
export type SwapPhase = 'aside' | 'placing' | 'done';

/** Records the phase (and the swapping process) in the aside folder, durably, before the step it announces. */
export function writeSwapPhase(asideDir: string, phase: SwapPhase, pid = process.pid): void {
  const fd = openSync(join(asideDir, JOURNAL), 'w');
  try {
    writeSync(fd, `${phase} ${pid}`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function readJournal(asideDir: string): { phase: SwapPhase | null; pid: number | null } {
  try {
    const [p, pid] = readFileSync(join(asideDir, JOURNAL), 'utf8').trim().split(' ');
    return { phase: p === 'aside' || p === 'placing' || p === 'done' ? p : null, pid: Number.isInteger(Number(pid)) ? Number(pid) : null };
  } catch {
    return { phase: null, pid: null };
  }
}

/** Whether another live process owns a swap (a restore of a running server, seen by a CLI opening the same data dir). */
function ownedByAnotherLiveProcess(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// a restore's check stages the archive for a few minutes at most: older staging folders are leftovers
const STAGING_STALE_MS = 6 * 3600_000;

/** What a start found and did. */
export interface SwapRecovery {
  rolledBack: number;
  completed: number;
  stagingRemoved: number;
}

/**
 * Finishes or undoes an interrupted restore in a data dir no process is using (called before its
 * database is opened). A swap that reached `done` keeps the restored site; any earlier phase (or a
 * journal that was never written) puts the old entries back, removing what had been moved in.
 * A swap whose process is still alive is left to it. Staging folders of a restore's check older
 * than a few hours are removed.
 */
export function recoverInterruptedSwap(dataDir: string, now = Date.now()): SwapRecovery {
  const out: SwapRecovery = { rolledBack: 0, completed: 0, stagingRemoved: 0 };
  if (!existsSync(dataDir)) return out;
  for (const name of readdirSync(dataDir)) {
    const dir = join(dataDir, name);
    if (name.startsWith(STAGING_PREFIX)) {
      if (now - statSync(dir).mtimeMs < STAGING_STALE_MS) continue;
      rmSync(dir, { recursive: true, force: true });
      out.stagingRemoved++;
      continue;
    }
    if (!name.startsWith(ASIDE_PREFIX)) continue;
    const { phase, pid } = readJournal(dir);
    if (ownedByAnotherLiveProcess(pid)) continue;
    if (phase === 'done') {
      rmSync(dir, { recursive: true, force: true });
      out.completed++;
      continue;
    }
    // not done: the old site comes back whole
    const aside = new Set(readdirSync(dir));
    if (phase === 'placing') {
      // whatever sits at a placed name came from the backup (the old one is aside, or there was none)
      for (const entry of PLACED_ENTRIES) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
    for (const entry of SWAPPED_ENTRIES) {
      if (!aside.has(entry)) continue;
      // in the aside phase nothing new was placed: an entry present in both is impossible, but never keep two
      rmSync(join(dataDir, entry), { recursive: true, force: true });
      renameSync(join(dir, entry), join(dataDir, entry));
    }
    rmSync(dir, { recursive: true, force: true });
    out.rolledBack++;
  }
  return out;
}
