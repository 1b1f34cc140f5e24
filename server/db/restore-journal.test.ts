import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverInterruptedSwap, writeSwapPhase } from './restore-journal.js';

// A restore killed at each point of its swap: the next start leaves the data dir wholly old or
// wholly restored, never without its database.

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A data dir holding the old site: its database, WAL and one upload. */
function oldSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-swap-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'lantern.db'), 'old db');
  writeFileSync(join(dir, 'lantern.db-wal'), 'old wal');
  mkdirSync(join(dir, 'uploads'));
  writeFileSync(join(dir, 'uploads', 'a.png'), 'old upload');
  return dir;
}

/** The swap's aside folder (made before its journal is written). */
function aside(dataDir: string): string {
  return mkdtempSync(join(dataDir, '.replaced-'));
}

/** Moves entries aside by rename, as the swap does. */
function moveAside(dataDir: string, to: string, names: string[]): void {
  for (const n of names) renameSync(join(dataDir, n), join(to, n));
}

function placeNew(dataDir: string, names: Array<'lantern.db' | 'uploads'>): void {
  for (const n of names) {
    if (n === 'lantern.db') writeFileSync(join(dataDir, n), 'new db');
    else {
      mkdirSync(join(dataDir, n));
      writeFileSync(join(dataDir, n, 'b.png'), 'new upload');
    }
  }
}

function site(dataDir: string) {
  return {
    db: existsSync(join(dataDir, 'lantern.db')) ? readFileSync(join(dataDir, 'lantern.db'), 'utf8') : null,
    wal: existsSync(join(dataDir, 'lantern.db-wal')) ? readFileSync(join(dataDir, 'lantern.db-wal'), 'utf8') : null,
    uploads: existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')).sort() : null,
    leftovers: readdirSync(dataDir).filter((n) => n.startsWith('.')),
  };
}

const OLD = { db: 'old db', wal: 'old wal', uploads: ['a.png'], leftovers: [] };

describe('an interrupted restore swap', () => {
  it('killed before anything moved (journal not yet written): the old site stays', () => {
    const dir = oldSite();
    aside(dir);
    expect(recoverInterruptedSwap(dir).rolledBack).toBe(1);
    expect(site(dir)).toEqual(OLD);
  });

  it('killed while moving the old entries aside (the database gone from its place): all of them come back', () => {
    const dir = oldSite();
    const a = aside(dir);
    writeSwapPhase(a, 'aside', 999_999_999);
    moveAside(dir, a, ['lantern.db']);
    expect(site(dir).db).toBeNull();
    expect(recoverInterruptedSwap(dir).rolledBack).toBe(1);
    expect(site(dir)).toEqual(OLD);
  });

  it('killed after the new database was placed but before the uploads: the old site comes back, the new database is dropped', () => {
    const dir = oldSite();
    const a = aside(dir);
    writeSwapPhase(a, 'aside', 999_999_999);
    moveAside(dir, a, ['lantern.db', 'lantern.db-wal', 'uploads']);
    writeSwapPhase(a, 'placing', 999_999_999);
    placeNew(dir, ['lantern.db']);
    expect(recoverInterruptedSwap(dir).rolledBack).toBe(1);
    expect(site(dir)).toEqual(OLD);
  });

  it('an old site without uploads, killed after the backup brought some: the backup uploads go too', () => {
    const dir = oldSite();
    rmSync(join(dir, 'uploads'), { recursive: true });
    const a = aside(dir);
    writeSwapPhase(a, 'aside', 999_999_999);
    moveAside(dir, a, ['lantern.db', 'lantern.db-wal']);
    writeSwapPhase(a, 'placing', 999_999_999);
    placeNew(dir, ['lantern.db', 'uploads']);
    recoverInterruptedSwap(dir);
    expect(site(dir)).toEqual({ ...OLD, uploads: null });
  });

  it('killed after the swap was journalled done: the restored site stays and the old entries are removed', () => {
    const dir = oldSite();
    const a = aside(dir);
    writeSwapPhase(a, 'aside', 999_999_999);
    moveAside(dir, a, ['lantern.db', 'lantern.db-wal', 'uploads']);
    writeSwapPhase(a, 'placing', 999_999_999);
    placeNew(dir, ['lantern.db', 'uploads']);
    writeSwapPhase(a, 'done', 999_999_999);
    expect(recoverInterruptedSwap(dir).completed).toBe(1);
    expect(site(dir)).toEqual({ db: 'new db', wal: null, uploads: ['b.png'], leftovers: [] });
  });

  it('a swap a live process is still making is left to it', () => {
    const dir = oldSite();
    const a = aside(dir);
    writeSwapPhase(a, 'aside', process.ppid);
    moveAside(dir, a, ['lantern.db']);
    expect(recoverInterruptedSwap(dir)).toEqual({ rolledBack: 0, completed: 0, stagingRemoved: 0 });
    expect(site(dir).db).toBeNull();
  });

  it("removes a restore check's staging folder only once it is hours old", () => {
    const dir = oldSite();
    const staging = mkdtempSync(join(dir, '.restore-'));
    writeFileSync(join(staging, 'lantern.db'), 'staged');
    expect(recoverInterruptedSwap(dir).stagingRemoved).toBe(0);
    const old = new Date(Date.now() - 7 * 3600_000);
    utimesSync(staging, old, old);
    expect(recoverInterruptedSwap(dir).stagingRemoved).toBe(1);
    expect(site(dir)).toEqual(OLD);
  });
});
