import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAMPIONS, createSqliteSearch, indexWords, refreshTermLists, type SearchIndexDialect } from './sqlite-search.js';
import { openSqlite } from './sqlite.js';

// The bounded and the per-post matching of the FTS5 engine, on the smallest tables its triggers need.
let db: Kysely<any>;
let raw: Database.Database;
let dir: string;
/** The engine of this test's database (a new one per test, as opening a database makes one). */
let sqliteSearch: SearchIndexDialect;
const qid = (n: number) => String(10010000000000000n + BigInt(n));
const aid = (n: number) => String(10020000000000000n + BigInt(n));

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lantern-fts-'));
  raw = new Database(':memory:');
  db = new Kysely<any>({ dialect: new SqliteDialect({ database: raw }) });
  sqliteSearch = createSqliteSearch();
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
  rmSync(dir, { recursive: true, force: true });
});

const words = (text: string) => [{ text, phrase: false }];

/** Adds questions n..n+count-1 (ids rise with n, so higher n is newer). */
async function addQuestions(from: number, count: number, row: (n: number) => { title: string; original_text: string }) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: qid(from + i), status: 1, ...row(from + i) }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('question')
      .values(rows.slice(i, i + 200))
      .execute();
}

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

describe('sqlite FTS5 relevance over the whole index (rankedMatches)', () => {
  const ranked = async (text: string) => {
    const terms = await sqliteSearch.settleTerms(
      db,
      text.split(' ').map((w) => ({ text: w, phrase: false })),
    );
    const m = (await sqliteSearch.rankedMatches(db, terms))!;
    return (await db.selectFrom(m.table().as('m')).select(['m.id', 'm.rank']).orderBy('m.rank').orderBy('m.id', 'desc').execute()).map(
      (r) => r.id,
    );
  };

  it('a search mixing a rare and a very common word returns the posts with the rare word first', async () => {
    // 1040 posts: "lantern" in the titles of 700 (the newest), "kerosene" in the bodies of 40 old ones
    await addQuestions(100, 40, (n) => ({ title: `note ${n}`, original_text: 'a can of kerosene' }));
    await addQuestions(200, 300, (n) => ({ title: `filler ${n}`, original_text: 'nothing here' }));
    await addQuestions(1000, 700, (n) => ({ title: `lantern ${n}`, original_text: 'a lantern on the porch' }));
    const withRare = Array.from({ length: 40 }, (_, i) => qid(100 + i));
    for (const text of ['kerosene lantern', 'lantern kerosene']) {
      const ids = await ranked(text);
      expect(ids.slice(0, 40).sort()).toEqual(withRare);
      expect(ids.length).toBeGreaterThan(40);
    }
  });

  it('on a small index ranks exactly as bm25 over every match', async () => {
    await addQuestions(100, 40, (n) => ({
      title: n % 3 ? `lantern ${n}` : `storm lantern ${n}`,
      original_text: n % 4 ? 'glass chimney' : 'storm glass storm wick',
    }));
    const exhaustive = (
      await sql<{
        id: string;
      }>`SELECT CAST(rowid AS TEXT) AS id FROM search_index WHERE search_index MATCH ${'"storm"* OR "wick"*'} AND rank MATCH 'bm25(4.0, 1.0)' ORDER BY rank, rowid DESC`.execute(
        db,
      )
    ).rows.map((r) => r.id);
    expect(await ranked('storm wick')).toEqual(exhaustive);
  });

  it('follows the index: a post written after a term was ranked is found at once, and one deleted is not', async () => {
    // "lantern" in 400 of 1000 posts
    await addQuestions(100, 600, (n) => ({ title: `filler ${n}`, original_text: 'porch' }));
    await addQuestions(1000, 400, (n) => ({ title: `lantern ${n}`, original_text: 'porch' }));
    expect(await ranked('lantern')).toHaveLength(CHAMPIONS);
    expect(await ranked('paraffin')).toEqual([]);
    await addQuestions(5000, 1, () => ({ title: 'paraffin lantern', original_text: 'lantern lantern' }));
    // the common word's list is reused with the posts added since (ranked exactly: this one has the
    // word three times in few words, so it comes first); the rare word's list is made again
    expect((await ranked('lantern'))[0]).toBe(qid(5000));
    expect(await ranked('paraffin')).toEqual([qid(5000)]);
    await db.deleteFrom('question').where('id', '=', qid(5000)).execute();
    expect(await ranked('paraffin')).toEqual([]);
  });

  it('where reads run in workers, ranks a commoner word by its best posts, made off the main thread', async () => {
    // "common" in 9000 of 19000 posts: too many for a list made on the main thread during a search
    // (LIST_COST_MAX), not so many that bm25 gives it no weight. Its 20 best posts are the oldest.
    await addQuestions(100, 20, (n) => ({ title: `common common ${n}`, original_text: 'common common' }));
    await addQuestions(1000, 10000, (n) => ({ title: `filler ${n}`, original_text: 'nothing to see' }));
    await addQuestions(20000, 9000, (n) => ({
      title: `common notes ${n}`,
      original_text: 'a long body where the word comes in the title and once here: common',
    }));
    const best = Array.from({ length: 20 }, (_, i) => qid(100 + i));
    // on the main thread alone: the word's newest posts (its best are older than the newest 500)
    const alone = await ranked('common');
    expect(alone.slice(0, 20).filter((id) => best.includes(id))).toEqual([]);
    // the same file through a connection whose reads run in two workers: the list is made there
    const file = join(dir, 'search.sqlite');
    await sql`VACUUM INTO ${file}`.execute(db);
    const pooled = openSqlite(file, { readWorkers: 2 });
    try {
      await pooled.readersReady();
      const terms = await pooled.search.settleTerms(pooled.db, [{ text: 'common', phrase: false }]);
      expect(terms[0].posts).toBe(9020);
      const top = async () => {
        const m = (await pooled.search.rankedMatches(pooled.db, terms))!;
        const rows = await pooled.db
          .selectFrom(m.table().as('m'))
          .select(['m.id'])
          .orderBy('m.rank')
          .orderBy('m.id', 'desc')
          .limit(20)
          .execute();
        return rows.map((r) => r.id).sort();
      };
      // the first search waits briefly for the list; a later one has it for certain
      await top();
      await expect.poll(top).toEqual(best);
      expect(pooled.readCounts().pool).toBeGreaterThan(0);
    } finally {
      await pooled.close();
    }
  });
});

describe('sqlite FTS5 lists made ahead of time (refreshTermLists)', () => {
  /**
   * The statements a search ran, through a second handle on the same database that records them
   * (with an engine of its own: nothing kept from an earlier search).
   */
  const searched = async (text: string) => {
    const engine = createSqliteSearch();
    const statements: string[] = [];
    const logged = new Kysely<any>({
      dialect: new SqliteDialect({ database: raw }),
      log: (e) => {
        if (e.level === 'query') statements.push(e.query.sql);
      },
    });
    const terms = await engine.settleTerms(
      logged,
      text.split(' ').map((w) => ({ text: w, phrase: false })),
    );
    const m = (await engine.rankedMatches(logged, terms))!;
    const ids = (
      await logged.selectFrom(m.table().as('m')).select(['m.id', 'm.rank']).orderBy('m.rank').orderBy('m.id', 'desc').execute()
    ).map((r) => r.id);
    return {
      ids,
      terms,
      // a list made during the search: every post having the word ranked by bm25
      madeList: statements.some((q) => /ORDER BY rank LIMIT 300/.test(q) && !/rowid >/.test(q)),
      counted: statements.some((q) => /count\(\*\)/.test(q)),
    };
  };
  const stored = async () =>
    (await sql<{ term: string; post_count: number }>`SELECT term, post_count FROM search_term_list ORDER BY term`.execute(db)).rows;
  // "storm" in 620 of 1620 posts: the 20 oldest have it three times, in few words
  const stormy = async () => {
    await addQuestions(100, 20, (n) => ({ title: `storm storm ${n}`, original_text: 'storm' }));
    await addQuestions(1000, 600, (n) => ({ title: `storm notes ${n}`, original_text: 'a longer body that says the word once: storm' }));
    await addQuestions(2000, 1000, (n) => ({ title: `filler ${n}`, original_text: 'nothing to see' }));
  };
  const best = Array.from({ length: 20 }, (_, i) => qid(100 + i));

  it('gives a common word its best posts, which a search takes without ranking or counting any, as bm25 ranks them', async () => {
    await stormy();
    const before = await searched('storm');
    expect(before.madeList).toBe(true);
    expect(await refreshTermLists(db, { minPosts: 100 })).toMatchObject({ pass: true });
    expect(await stored()).toContainEqual({ term: 'storm', post_count: 620 });
    // words in fewer posts get none
    expect((await stored()).map((r) => r.term)).toContain('filler');
    expect((await stored()).map((r) => r.term)).not.toContain('100');
    const after = await searched('storm');
    expect(after.madeList).toBe(false);
    expect(after.counted).toBe(false);
    expect(after.terms[0]).toMatchObject({ prefix: false, posts: 620 });
    expect(after.ids.slice(0, 20).sort()).toEqual(best);
    expect(after.ids).toEqual(before.ids);
    // nothing changed: the next pass reads two rows and stops
    expect(await refreshTermLists(db, { minPosts: 100 })).toEqual({ made: 0, dropped: 0, pass: false });
  });

  it('follows the index: posts added since are ranked in, and the list is made again once the index has grown', async () => {
    await stormy();
    await refreshTermLists(db, { minPosts: 100 });
    await addQuestions(5000, 1, () => ({ title: 'storm storm storm', original_text: 'storm storm' }));
    const one = await searched('storm');
    expect(one.ids[0]).toBe(qid(5000));
    expect(one.madeList).toBe(false);
    // the index grows past STORED_DRIFT (2%): the list no longer serves, the word is counted and ranked as before any list
    await addQuestions(6000, 40, (n) => ({ title: `calm ${n}`, original_text: 'storm' }));
    const grown = await searched('storm');
    expect(grown.counted).toBe(true);
    expect(grown.terms[0].posts).toBe(661);
    expect(grown.ids[0]).toBe(qid(5000));
    expect(await refreshTermLists(db, { minPosts: 100 })).toMatchObject({ pass: true });
    expect(await stored()).toContainEqual({ term: 'storm', post_count: 661 });
    expect((await searched('storm')).counted).toBe(false);
    // a word no longer common loses its list at the next pass. Deleting alone starts none: FTS5's
    // row total counts the rows written, not those deleted since
    await db.deleteFrom('question').where('title', 'like', 'storm notes%').execute();
    expect(await refreshTermLists(db, { minPosts: 100 })).toMatchObject({ pass: false });
    await addQuestions(7000, 40, (n) => ({ title: `quiet ${n}`, original_text: 'nothing' }));
    expect(await refreshTermLists(db, { minPosts: 100 })).toMatchObject({ pass: true });
    expect((await stored()).map((r) => r.term)).not.toContain('storm');
    expect((await searched('storm')).ids.slice(0, 1)).toEqual([qid(5000)]);
  });

  it('keys a list by the index\'s word, reached from what people type: "coffee" is stored as "coffe"', async () => {
    expect(indexWords('Histories')).toEqual(['histori']);
    expect(indexWords("don't")).toEqual(['don', 't']);
    // a text split once is not split again
    expect(indexWords('Histories')).toBe(indexWords('Histories'));
    // stemming the stem changes it again, so the list is made by querying the whole word
    expect(indexWords('coffe')).toEqual(['coff']);
    await addQuestions(100, 150, (n) => ({ title: `coffee ${n}`, original_text: n % 2 ? 'coffees' : 'tea' }));
    await refreshTermLists(db, { minPosts: 100 });
    expect(await stored()).toContainEqual({ term: 'coffe', post_count: 150 });
    for (const typed of ['coffee', 'Coffees']) {
      const found = await searched(typed);
      expect(found.madeList).toBe(false);
      expect(found.ids).toHaveLength(150);
    }
  });

  it('a pass after a few hundred new posts makes again only the lists of words many of them have', async () => {
    await stormy();
    await addQuestions(3000, 12000, (n) => ({ title: `filler ${n}`, original_text: 'nothing to see' }));
    await refreshTermLists(db, { minPosts: 100 });
    const madeAt = async () =>
      new Map(
        (await sql<{ term: string; index_posts: number }>`SELECT term, index_posts FROM search_term_list`.execute(db)).rows.map((r) => [
          r.term,
          Number(r.index_posts),
        ]),
      );
    const before = await madeAt();
    // 210 posts (a pass starts after 200, the lists serve up to 2% more): 150 with "storm", 60 without
    await addQuestions(20000, 150, (n) => ({ title: `storm calm ${n}`, original_text: 'storm' }));
    await addQuestions(21000, 60, (n) => ({ title: `quiet ${n}`, original_text: 'nothing to see' }));
    expect(await refreshTermLists(db, { minPosts: 100 })).toEqual({ made: 2, dropped: 0, pass: true });
    const after = await madeAt();
    expect(after.get('storm')).toBe(before.get('storm')! + 210);
    expect(after.get('calm')).toBe(before.get('storm')! + 210);
    expect(after.get('filler')).toBe(before.get('filler'));
    expect(after.has('quiet')).toBe(false);
    expect(await stored()).toContainEqual({ term: 'storm', post_count: 770 });
    // "filler" is in none of the new posts: its list is marked as of the pass, so a search looks up
    // no added posts for it; "notes" is in none either, "storm" had its list made again
    const newest = (await sql<{ term: string; newest_question: string }>`SELECT term, newest_question FROM search_term_list`.execute(db))
      .rows;
    const last = qid(21000 + 59);
    expect(newest.filter((r) => ['filler', 'note', 'storm', ''].includes(r.term)).map((r) => r.newest_question)).toEqual([
      last,
      last,
      last,
      last,
    ]);
    const statements: string[] = [];
    const logged = new Kysely<any>({
      dialect: new SqliteDialect({ database: raw }),
      log: (e) => void statements.push(e.query.sql),
    });
    const engine = createSqliteSearch();
    const terms = await engine.settleTerms(logged, [{ text: 'filler', phrase: false }]);
    await engine.rankedMatches(logged, terms);
    expect(statements.filter((q) => /rowid >/.test(q))).toEqual([]);
  });

  it('a pass that is stopped leaves the lists it made and writes no mark, so the next pass goes on', async () => {
    await stormy();
    let calls = 0;
    expect(await refreshTermLists(db, { minPosts: 100, stopped: () => calls++ > 0 })).toEqual({ made: 1, dropped: 0, pass: false });
    const first = await stored();
    expect(first).toHaveLength(1);
    const next = await refreshTermLists(db, { minPosts: 100 });
    expect(next.pass).toBe(true);
    expect(next.made).toBeGreaterThan(0);
    expect((await stored()).length).toBe(next.made + 2);
  });
});
