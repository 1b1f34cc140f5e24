import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteSearch } from './sqlite-search.js';

// The bounded and the per-post matching of the FTS5 engine, on the smallest tables its triggers need.
let db: Kysely<any>;
const qid = (n: number) => String(10010000000000000n + BigInt(n));
const aid = (n: number) => String(10020000000000000n + BigInt(n));

beforeEach(async () => {
  db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  await sql`CREATE TABLE question (id TEXT PRIMARY KEY, title TEXT, original_text TEXT, status INTEGER)`.execute(db);
  await sql`CREATE TABLE answer (id TEXT PRIMARY KEY, original_text TEXT, status INTEGER)`.execute(db);
  await sqliteSearch.createIndex(db);
  for (let n = 1; n <= 6; n++)
    await db
      .insertInto('question')
      .values({ id: qid(n), title: `lantern ${n}`, original_text: n % 2 ? 'wick and oil' : 'battery', status: 1 })
      .execute();
  for (let n = 1; n <= 4; n++)
    await db
      .insertInto('answer')
      .values({ id: aid(n), original_text: 'trim the wick', status: 1 })
      .execute();
});
afterEach(async () => {
  await db.destroy();
});

const words = (text: string) => [{ text, phrase: false }];

describe('sqlite FTS5 matching', () => {
  it('ranks only the newest matches of each kind when bounded', async () => {
    const all = await db
      .selectFrom(sqliteSearch.matches(words('wick')).as('m'))
      .select('m.id')
      .orderBy('m.id')
      .execute();
    expect(all.map((r) => r.id)).toEqual([qid(1), qid(3), qid(5), aid(1), aid(2), aid(3), aid(4)]);
    const newest = await db
      .selectFrom(sqliteSearch.matches(words('wick'), { newestPerType: 2 }).as('m'))
      .select(['m.id', 'm.rank'])
      .orderBy('m.id')
      .execute();
    expect(newest.map((r) => r.id)).toEqual([qid(3), qid(5), aid(3), aid(4)]);
    // bm25 ranks are computed for those rows (negative: better is lower)
    expect(newest.every((r) => typeof r.rank === 'number' && r.rank < 0)).toBe(true);
  });

  it('checks one post at a time: its rank when it matches, NULL when not', async () => {
    const rankOf = sqliteSearch.rankOf(words('battery'), 'q.id')!;
    const rows = await db
      .selectFrom('question as q')
      .select(['q.id', rankOf.as('rank')])
      .orderBy('q.id')
      .execute();
    expect(rows.map((r) => r.rank !== null)).toEqual([false, true, false, true, false, true]);
    // text the engine cannot check per post (unspaced scripts) leaves the decision to the joined matches
    expect(sqliteSearch.rankOf(words('灯笼'), 'q.id')).toBeNull();
    expect(sqliteSearch.rankOf(words('***'), 'q.id')).toBeNull();
  });
});

describe('sqlite FTS5 bounded ranking with common terms', () => {
  it('weighs terms by how rare they are, so posts with a rare word rank before those with only a common one', async () => {
    // "lantern" is in every question title (common); "battery" in three bodies
    const terms = await sqliteSearch.settleTerms(db, [
      { text: 'lantern', phrase: false },
      { text: 'battery', phrase: false },
    ]);
    expect(terms[1].idf!).toBeGreaterThan(terms[0].idf!);
    const rows = await db
      .selectFrom(sqliteSearch.matches(terms, { newestPerType: 100 }).as('m'))
      .select(['m.id', 'm.rank'])
      .orderBy('m.rank')
      .orderBy('m.id')
      .execute();
    // every question has the common word (words are alternatives); those having the rare word come first
    expect(rows.map((r) => r.id)).toEqual([qid(2), qid(4), qid(6), qid(1), qid(3), qid(5)]);
  });
});
