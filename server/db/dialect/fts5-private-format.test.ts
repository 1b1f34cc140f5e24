import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { readVarint } from './sqlite-search.js';

// sqlite-search.ts reads two of FTS5's private records instead of counting the index (see indexState):
// the averages record (`<index>_data` id 1, whose first varint is the number of rows) and the
// structure record (id 10, rewritten by every change, used as the index's version). Neither is a
// documented API; this pins both with the SQLite that better-sqlite3 ships, so an upgrade that
// changes them fails here, not as wrong search totals.

function index() {
  const db = new Database(':memory:');
  db.exec(
    `CREATE VIRTUAL TABLE search_index USING fts5(title, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`,
  );
  const put = db.prepare('INSERT INTO search_index(rowid, title, body) VALUES (?, ?, ?)');
  const block = (id: number) => db.prepare('SELECT block FROM search_index_data WHERE id = ?').pluck().get(id) as Buffer;
  return { db, put, block };
}

describe(`FTS5's private records (SQLite ${new Database(':memory:').prepare('SELECT sqlite_version()').pluck().get() as string})`, () => {
  it('holds the rows inserted as the first varint of the averages record (id 1); a contentless delete leaves it', () => {
    const { db, put, block } = index();
    for (let i = 1; i <= 300; i++) put.run(i, `title ${i}`, `body words of post ${i} `.repeat(3));
    expect(readVarint(block(1), 0)[0]).toBe(300);
    db.prepare('DELETE FROM search_index WHERE rowid IN (3, 5, 7)').run();
    // as found with this SQLite: the total bm25 reads too stays at the rows inserted
    expect(readVarint(block(1), 0)[0]).toBe(300);
    // counts past one varint byte (128) and two (16384) read right
    for (let i = 301; i <= 17_000; i++) put.run(i, 't', 'b');
    expect(readVarint(block(1), 0)[0]).toBe(17_000);
  });

  it('rewrites the structure record (id 10) on a change, and leaves it on a read', () => {
    const { db, put, block } = index();
    put.run(1, 'first', 'post');
    const before = Buffer.from(block(10));
    db.prepare(`SELECT rowid FROM search_index WHERE search_index MATCH 'first'`).all();
    expect(Buffer.from(block(10)).equals(before)).toBe(true);
    put.run(2, 'second', 'post');
    expect(Buffer.from(block(10)).equals(before)).toBe(false);
  });
});
