import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIN_AUTOCHECKPOINT_PAGES, WalCheckpointer } from './sqlite-checkpointer.js';
import { openSqlite } from './sqlite.js';

// The log is copied into the database file by a thread of its own, not by the commit that fills it.
// What shows it: pages written by commits reach the database file (its size grows) while the
// connection that wrote them never checkpoints by itself (its automatic checkpoint is off or high).
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function freshFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-ckpt-'));
  dirs.push(dir);
  return join(dir, 'site.db');
}

/** Writes about `pages` pages of new rows in 20 commits. */
function writePages(db: Database.Database, pages: number): void {
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)');
  const rows = Math.ceil(pages / 20);
  for (let c = 0; c < 20; c++) db.transaction(() => Array.from({ length: rows }, () => insert.run('x'.repeat(3500))))();
}

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('the WAL checkpointer', () => {
  it('copies what commits wrote into the database file while the writer never checkpoints itself', async () => {
    const file = freshFile();
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.pragma('wal_autocheckpoint = 0');
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    writePages(writer, 10);
    writer.pragma('wal_checkpoint(TRUNCATE)');
    const before = statSync(file).size;

    // without the thread nothing reaches the file
    writePages(writer, 1500);
    expect(statSync(file).size).toBe(before);

    const checkpointer = new WalCheckpointer(file, 20);
    checkpointer.start();
    try {
      expect(await until(() => statSync(file).size > before + 1000 * 4096)).toBe(true);
      // and it goes on with the next commits
      const after = statSync(file).size;
      writePages(writer, 1500);
      expect(await until(() => statSync(file).size > after + 1000 * 4096)).toBe(true);
    } finally {
      await checkpointer.stop();
      writer.close();
    }
    expect(checkpointer.running).toBe(false);
  });

  it('stops and starts again, and a stop without a start does nothing', async () => {
    const file = freshFile();
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)');
    const checkpointer = new WalCheckpointer(file, 20);
    await checkpointer.stop();
    checkpointer.start();
    checkpointer.start();
    expect(checkpointer.running).toBe(true);
    await checkpointer.stop();
    expect(checkpointer.running).toBe(false);
    checkpointer.start();
    expect(checkpointer.running).toBe(true);
    await checkpointer.stop();
    writer.close();
  });

  it('runs beside the read workers, with the main connection checkpointing only past its safety net', async () => {
    const file = freshFile();
    const handle = openSqlite(file, { readWorkers: 1 });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
      expect(Number(rows[0].wal_autocheckpoint)).toBe(MAIN_AUTOCHECKPOINT_PAGES);
      await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)`.execute(handle.db);
      const before = statSync(file).size;
      for (let c = 0; c < 20; c++)
        await handle.db.transaction().execute(async (trx) => {
          for (let i = 0; i < 60; i++) await sql`INSERT INTO t (body) VALUES (${'y'.repeat(3500)})`.execute(trx);
        });
      expect(await until(() => statSync(file).size > before + 1000 * 4096)).toBe(true);
      // the database still reads and writes as before
      const { rows: n } = await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(handle.db);
      expect(Number(n[0].n)).toBe(1200);
    } finally {
      await handle.close();
    }
    // closed last by the main connection: the log is in the file and gone
    expect(() => statSync(`${file}-wal`)).toThrow();
  });

  it('without read workers (tests, :memory:) SQLite checkpoints as it always did', async () => {
    const handle = openSqlite(freshFile(), { readWorkers: 0 });
    try {
      const { rows } = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(handle.db);
      expect(Number(rows[0].wal_autocheckpoint)).toBe(1000);
    } finally {
      await handle.close();
    }
  });
});
