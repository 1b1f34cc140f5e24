import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDriver, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, type DialectHandle } from './sqlite.js';
import { RoutedSqliteDialect, RoutedSqliteDriver } from './sqlite-driver.js';
import { SqliteReadPool } from './sqlite-read-pool.js';

// Reads outside a transaction run in worker threads on read-only connections; writes and
// transactions keep the one main connection. These tests open a real file with two workers.
let dir: string;
let handle: DialectHandle;
let db: Kysely<any>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lantern-pool-'));
  handle = openSqlite(join(dir, 'db.sqlite'), { readWorkers: 2 });
  db = handle.db as unknown as Kysely<any>;
  await sql`CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, data BLOB)`.execute(db);
  await db
    .insertInto('item')
    .values([1, 2, 3].map((id) => ({ id, name: `item ${id}`, data: Buffer.from([id, 255]) })))
    .execute();
  // the workers start on the first read and take reads once their connections are open
  await handle.readersReady();
});
afterEach(async () => {
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A read that takes a while in SQLite (a recursive count), to hold a worker busy. */
const slowCount = () =>
  sql<{ n: number }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3000000) SELECT count(*) AS n FROM c`;

describe('reads in worker threads', () => {
  it('runs a read in a worker and returns the rows a main-thread read would, BLOBs as Buffers', async () => {
    const rows = await db.selectFrom('item').selectAll().orderBy('id').execute();
    expect(handle.readCounts().pool).toBe(1);
    expect(rows.map((r) => r.name)).toEqual(['item 1', 'item 2', 'item 3']);
    expect(Buffer.isBuffer(rows[0].data)).toBe(true);
    expect([...(rows[0].data as Buffer)]).toEqual([1, 255]);
    // inside a transaction the same read runs on the main connection: same answer
    const inTrx = await db.transaction().execute((trx) => trx.selectFrom('item').selectAll().orderBy('id').execute());
    expect(inTrx).toEqual(rows);
  });

  it('sees every committed write at once (read your own writes)', async () => {
    for (let id = 10; id < 20; id++) {
      await db
        .insertInto('item')
        .values({ id, name: `new ${id}` })
        .execute();
      const got = await sql<{ name: string }>`SELECT name FROM item WHERE id = ${id}`.execute(db);
      expect(got.rows).toEqual([{ name: `new ${id}` }]);
    }
    await db.updateTable('item').set({ name: 'renamed' }).where('id', '=', 1).execute();
    expect((await db.selectFrom('item').select('name').where('id', '=', 1).executeTakeFirst())?.name).toBe('renamed');
    expect(handle.readCounts().pool).toBeGreaterThan(0);
  });

  it('keeps a transaction on the main connection: its reads see its writes, other reads do not wait for it and see only what is committed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let inside: string[] = [];
    const trx = db.transaction().execute(async (t) => {
      await t.insertInto('item').values({ id: 50, name: 'uncommitted' }).execute();
      inside = (await t.selectFrom('item').select('name').where('id', '=', 50).execute()).map((r) => r.name);
      await gate;
    });
    // wait until the transaction has written
    while (inside.length === 0) await new Promise((r) => setImmediate(r));
    expect(inside).toEqual(['uncommitted']);
    // a read outside runs while the transaction is open (before, it queued behind it) and does not see its row
    const outside = await db.selectFrom('item').select('name').where('id', '=', 50).execute();
    expect(outside).toEqual([]);
    release();
    await trx;
    expect(await db.selectFrom('item').select('name').where('id', '=', 50).execute()).toEqual([{ name: 'uncommitted' }]);
  });

  it('serves the main thread while a long read runs in a worker', async () => {
    let settled = false;
    const slow = slowCount()
      .execute(db)
      .then((r) => {
        settled = true;
        return r;
      });
    // writes and quick reads go on meanwhile
    await db.insertInto('item').values({ id: 60, name: 'during' }).execute();
    const during = await db.selectFrom('item').select('name').where('id', '=', 60).execute();
    expect(during).toEqual([{ name: 'during' }]);
    expect(settled).toBe(false);
    expect((await slow).rows).toEqual([{ n: 3000000 }]);
  });

  it('sends a quick read to the worker with the shorter queue, not behind a long read', async () => {
    // once measured, the long read is known to be long
    await slowCount().execute(db);
    let slowDone = false;
    const slow = slowCount()
      .execute(db)
      .then(() => (slowDone = true));
    // three quick reads at once: by count of reads in progress the second would queue behind the long one
    const quick = await Promise.all(
      [1, 2, 3].map((id) =>
        db
          .selectFrom('item')
          .select(['name', 'data'])
          .where('id', '=', id)
          .execute()
          .then((rows) => ({ rows, slowDone })),
      ),
    );
    expect(quick.map((q) => q.rows[0].name)).toEqual(['item 1', 'item 2', 'item 3']);
    expect(quick.map((q) => q.slowDone)).toEqual([false, false, false]);
    await slow;
  });

  it('runs two long reads at once on two workers', async () => {
    const [a, b] = await Promise.all([slowCount().execute(db), slowCount().execute(db)]);
    expect(a.rows).toEqual(b.rows);
    expect(handle.readCounts().pool).toBe(2);
  });

  it('takes the write lock when a transaction begins, not at its first write', async () => {
    // another connection to the file (as another process would have), which does not wait for locks
    const other = new Database(join(dir, 'db.sqlite'));
    other.pragma('busy_timeout = 0');
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let began = false;
      const trx = db.transaction().execute(async (t) => {
        await t.selectFrom('item').select('id').execute();
        began = true;
        await gate;
        await t.insertInto('item').values({ id: 90, name: 'written after a read' }).execute();
      });
      while (!began) await new Promise((r) => setImmediate(r));
      // the transaction has only read so far, yet the other connection cannot write
      expect(() => other.prepare("INSERT INTO item (id, name) VALUES (91, 'other')").run()).toThrow(/locked|busy/i);
      release();
      await trx;
      other.prepare("INSERT INTO item (id, name) VALUES (91, 'other')").run();
      expect((await db.selectFrom('item').select('id').where('id', '>=', 90).orderBy('id').execute()).map((r) => r.id)).toEqual([90, 91]);
    } finally {
      other.close();
    }
  });

  it("passes a bad query's SQLite error through unchanged", async () => {
    await expect(sql`SELECT nope FROM item`.execute(db)).rejects.toMatchObject({ message: 'no such column: nope', code: 'SQLITE_ERROR' });
  });

  it('runs a write that reads like a read (WITH ... INSERT) on the main connection', async () => {
    await sql`WITH src(id, name) AS (SELECT 70, 'from cte') INSERT INTO item (id, name) SELECT id, name FROM src`.execute(db);
    expect(await db.selectFrom('item').select('name').where('id', '=', 70).execute()).toEqual([{ name: 'from cte' }]);
  });

  it('runs reads on the main connection when a worker dies, and starts another', async () => {
    const file = join(dir, 'db.sqlite');
    const pool = new SqliteReadPool(file, 2);
    const driver = new RoutedSqliteDriver(new SqliteDriver({ database: new Database(file) }), pool);
    const own = new Kysely<any>({ dialect: new RoutedSqliteDialect(driver) });
    try {
      // until a worker is ready, reads run on the main connection (and one measured there as
      // cheap stays there: the next read is another statement)
      await own.selectFrom('item').select('id').execute();
      expect(driver.counts).toEqual({ pool: 0, main: 1 });
      await driver.readersReady();
      await own.selectFrom('item').select('name').execute();
      expect(driver.counts).toEqual({ pool: 1, main: 1 });
      const slots = (pool as unknown as { slots: { worker: { terminate(): Promise<number> } }[] }).slots;
      expect(slots.length).toBe(2);
      const busy = slowCount().execute(own);
      await Promise.all(slots.map((s) => s.worker.terminate()));
      // the read that was in a dead worker runs again on the main connection
      expect((await busy).rows).toEqual([{ n: 3000000 }]);
      expect(driver.counts.main).toBe(2);
      // new workers start; once ready they take reads again
      await driver.readersReady();
      const after = await own.selectFrom('item').select('data').orderBy('id').execute();
      expect(after.map((r) => r.data[0])).toEqual([1, 2, 3]);
      expect(driver.counts.pool).toBe(2);
      expect(pool.inFlight).toBe(0);
    } finally {
      await own.destroy();
    }
  });

  it('reopens after a restore swaps the file: the workers read the new file', async () => {
    const copy = join(dir, 'copy.sqlite');
    await handle.backup(copy);
    await db.insertInto('item').values({ id: 80, name: 'after the backup' }).execute();
    expect((await db.selectFrom('item').select('id').execute()).length).toBe(4);
    const reading = slowCount().execute(db);
    await handle.reopenAfter(() => {
      rmSync(join(dir, 'db.sqlite-wal'), { force: true });
      rmSync(join(dir, 'db.sqlite-shm'), { force: true });
      copyFileSync(copy, join(dir, 'db.sqlite'));
    });
    expect((await reading).rows).toEqual([{ n: 3000000 }]);
    const ids = await db.selectFrom('item').select('id').orderBy('id').execute();
    expect(ids.map((r) => r.id)).toEqual([1, 2, 3]);
    await handle.readersReady();
    const before = handle.readCounts().pool;
    expect((await db.selectFrom('item').select(['id', 'data']).orderBy('id').execute()).length).toBe(3);
    expect(handle.readCounts().pool).toBe(before + 1);
  });
});

describe('a higher bar for the workers (several server processes)', () => {
  it('keeps reads measured below readWorkerMinMs on the main thread and sends the long ones to the worker', async () => {
    const other = openSqlite(join(dir, 'db.sqlite'), { readWorkers: 1, readWorkerMinMs: 50 });
    try {
      await other.readersReady();
      const quick = () => sql`SELECT name FROM item WHERE id = 1`.execute(other.db);
      // not measured yet: it goes to the worker once, then stays on the main thread
      await quick();
      await quick();
      await quick();
      expect(other.readCounts()).toEqual({ pool: 1, main: 2 });
      // a long read (hundreds of ms here) keeps going to the worker
      await slowCount().execute(other.db);
      await slowCount().execute(other.db);
      expect(other.readCounts()).toEqual({ pool: 3, main: 2 });
    } finally {
      await other.close();
    }
  });
});

describe('without workers', () => {
  it('runs everything on the main connection for :memory: and readWorkers 0', async () => {
    const mem = openSqlite(':memory:', { readWorkers: 2 });
    await sql`CREATE TABLE t (x INTEGER)`.execute(mem.db);
    await sql`INSERT INTO t VALUES (1)`.execute(mem.db);
    expect((await sql`SELECT x FROM t`.execute(mem.db)).rows).toEqual([{ x: 1 }]);
    expect(mem.readCounts()).toEqual({ pool: 0, main: 1 });
    await mem.readersReady();
    await mem.close();
  });

  it('gives up on workers that cannot open the database, and reads on the main connection', async () => {
    const file = join(dir, 'db.sqlite');
    const pool = new SqliteReadPool(join(dir, 'absent.sqlite'), 2);
    const driver = new RoutedSqliteDriver(new SqliteDriver({ database: new Database(file) }), pool);
    const own = new Kysely<any>({ dialect: new RoutedSqliteDialect(driver) });
    try {
      for (let i = 0; i < 3; i++) {
        await driver.readersReady();
        expect((await own.selectFrom('item').select('id').execute()).length).toBe(3);
      }
      expect(pool.available).toBe(false);
      expect(driver.counts).toEqual({ pool: 0, main: 3 });
    } finally {
      await own.destroy();
    }
  });
});
