import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADOPTED, ANSWER_STATUS, QUESTION_STATUS, SHOW_STATUS } from '../../contract/enums.js';
import * as createSearchIndex from '../migrations/2026_11_23_1300_create_search_index.js';
import * as skipCreditLine from '../migrations/2026_11_25_1920_search_index_skip_credit_line.js';
import * as searchStatistics from '../migrations/2026_11_29_1600_search_index_statistics.js';
import { searchPosts, type SearchPlan } from '../../modules/search/search.repository.js';
import { createPgSearch } from './pg-search.js';
import { UNINDEXED_TRAILER, type SearchTerm } from './sqlite-search.js';

/** The engine of the test database (one for the file, as opening a database makes one). */
const pgSearch = createPgSearch();

// The PostgreSQL search engine against a real server (LANTERN_TEST_DATABASE_URL): a database of its
// own, with the question and answer columns the triggers and the search queries read.
const serverUrl = process.env.LANTERN_TEST_DATABASE_URL?.trim();
const dbName = `lt_search_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

const qid = (n: number) => String(10010000000000000n + BigInt(n));
const aid = (n: number) => String(10020000000000000n + BigInt(n));

/** The connection string of this file's database. */
function urlOf(name: string): string {
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's own database (creating and dropping this file's). */
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const TABLES = [
  `CREATE TABLE question (id varchar(24) PRIMARY KEY, user_id integer NOT NULL DEFAULT 1, title varchar(150) NOT NULL,
     original_text text NOT NULL, parsed_text text NOT NULL DEFAULT '', show integer NOT NULL DEFAULT 1,
     status integer NOT NULL DEFAULT 1, view_count integer NOT NULL DEFAULT 0, vote_count integer NOT NULL DEFAULT 0,
     answer_count integer NOT NULL DEFAULT 0, accepted_answer_id varchar(24) NOT NULL DEFAULT '0',
     created_at bigint NOT NULL DEFAULT 0, post_update_time bigint NOT NULL DEFAULT 0)`,
  `CREATE TABLE answer (id varchar(24) PRIMARY KEY, question_id varchar(24) NOT NULL, user_id integer NOT NULL DEFAULT 1,
     original_text text NOT NULL, parsed_text text NOT NULL DEFAULT '', status integer NOT NULL DEFAULT 1,
     adopted integer NOT NULL DEFAULT 1, vote_count integer NOT NULL DEFAULT 0,
     created_at bigint NOT NULL DEFAULT 0, updated_at bigint NOT NULL DEFAULT 0)`,
];

let db: Kysely<any>;

async function resetTables(): Promise<void> {
  await pgSearch.dropIndex(db);
  await sql`DROP TABLE IF EXISTS answer, question`.execute(db);
  for (const stmt of TABLES) await sql.raw(stmt).execute(db);
}

/** Adds questions n..n+count-1 (ids rise with n, so higher n is newer). */
async function addQuestions(from: number, count: number, row: (n: number) => { title: string; original_text: string }): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => ({ id: qid(from + i), created_at: from + i, ...row(from + i) }));
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('question')
      .values(rows.slice(i, i + 500))
      .execute();
}

async function addAnswer(n: number, questionN: number, text: string): Promise<void> {
  await db
    .insertInto('answer')
    .values({ id: aid(n), question_id: qid(questionN), original_text: text, created_at: n })
    .execute();
}

/** The words of a search as the parser gives them ("quoted text" a phrase), settled as the service settles them. */
async function settled(text: string): Promise<SearchTerm[]> {
  const phrases = [...text.matchAll(/"([^"]*)"/g)].map((m) => ({ text: m[1], phrase: true }));
  const words = text
    .replace(/"[^"]*"/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => ({ text: w, phrase: false }));
  return pgSearch.settleTerms(db, [...phrases, ...words]);
}

/** Ids `matches` finds, best first (ties: newest first). */
async function matched(text: string, opts?: Parameters<typeof pgSearch.matches>[1]): Promise<string[]> {
  const rows = await db
    .selectFrom(pgSearch.matches(await settled(text), opts).as('m'))
    .select(['m.id', 'm.rank'])
    .orderBy('m.rank')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** Ids `rankedMatches` gives, best first. */
async function ranked(text: string, opts?: { newestPerType?: number }): Promise<string[]> {
  const m = await pgSearch.rankedMatches(db, await settled(text));
  if (!m) throw new Error(`no ranked matches for ${text}`);
  const rows = await db
    .selectFrom(m.table(undefined, opts).as('m'))
    .select(['m.id', 'm.rank'])
    .orderBy('m.rank')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((r) => r.id);
}

/** Each question's rank by `rankOf` (null: no match), in id order. */
async function ranksOf(text: string): Promise<(number | null)[]> {
  const rankOf = pgSearch.rankOf(await settled(text), 'q.id')!;
  const rows = await db
    .selectFrom('question as q')
    .select(['q.id', rankOf.as('rank')])
    .orderBy('q.id')
    .execute();
  return rows.map((r) => r.rank);
}

const indexedIds = async () =>
  (await sql<{ id: string }>`SELECT id::text AS id FROM search_index ORDER BY id`.execute(db)).rows.map((r) => r.id);

describe.runIf(serverUrl)('PostgreSQL full-text search', () => {
  beforeAll(async () => {
    await onServer(`CREATE DATABASE ${dbName}`);
  });
  afterAll(async () => {
    await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });
  // a connection per test: settleTerms remembers counts per connection, and each test has its own posts
  beforeEach(async () => {
    db = new Kysely<any>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: urlOf(dbName), max: 4 }) }) });
    await resetTables();
  });
  afterEach(async () => {
    await db.destroy();
  });

  describe('the migrations', () => {
    it('create the index over the posts already there, skip the credit line, and go back down', async () => {
      await db
        .insertInto('question')
        .values([
          { id: qid(1), title: 'Lantern wick', original_text: `Trim it often.\n\n${UNINDEXED_TRAILER}\nFrom Lampsite, CC BY-SA` },
          { id: qid(2), title: 'Deleted lantern', original_text: 'gone', status: QUESTION_STATUS.deleted },
        ])
        .execute();
      await addAnswer(1, 1, 'Trim the wick square.');
      await createSearchIndex.up(db);
      await skipCreditLine.up(db);
      expect(await indexedIds()).toEqual([qid(1), aid(1)]);
      expect(await matched('trim')).toHaveLength(2);
      expect(await matched('lampsite')).toEqual([]);
      // the triggers are in place
      await addQuestions(3, 1, () => ({ title: 'Paraffin', original_text: 'smoke' }));
      expect(await matched('paraffin')).toEqual([qid(3)]);
      await skipCreditLine.down(db);
      await createSearchIndex.down(db);
      const left = await sql<{ n: string }>`SELECT
          (SELECT count(*) FROM pg_class WHERE relname = 'search_index')
        + (SELECT count(*) FROM pg_trigger WHERE tgname LIKE 'search_%')
        + (SELECT count(*) FROM pg_proc WHERE proname LIKE 'search_index%')
        + (SELECT count(*) FROM pg_ts_config WHERE cfgname = 'search_english') AS n`.execute(db);
      expect(Number(left.rows[0].n)).toBe(0);
      // and up again, as a fresh site would
      await createSearchIndex.up(db);
      expect(await indexedIds()).toEqual([qid(1), qid(3), aid(1)]);
    });

    it('the migration creates what pgSearch.createIndex creates', async () => {
      const shape = async () =>
        (
          await sql<{ d: string }>`SELECT string_agg(d, E'\n' ORDER BY d) AS d FROM (
            SELECT pg_get_triggerdef(oid) AS d FROM pg_trigger WHERE tgname LIKE 'search_%'
            UNION ALL SELECT pg_get_functiondef(oid) FROM pg_proc WHERE proname LIKE 'search_index%'
            UNION ALL SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'search_index'::regclass
            UNION ALL SELECT 'doc statistics ' || attstattarget FROM pg_attribute WHERE attrelid = 'search_index'::regclass AND attname = 'doc'
          ) AS x`.execute(db)
        ).rows[0].d;
      await pgSearch.createIndex(db);
      const fromDialect = await shape();
      expect(fromDialect).toContain('doc statistics 1000');
      await pgSearch.dropIndex(db);
      await createSearchIndex.up(db);
      await searchStatistics.up(db);
      expect(await shape()).toBe(fromDialect);
    });
  });

  describe('the triggers', () => {
    beforeEach(async () => {
      await pgSearch.createIndex(db);
    });

    it('index visible posts on insert and follow edits, status changes and deletes', async () => {
      await db
        .insertInto('question')
        .values([
          { id: qid(1), title: 'Cold brew ratio', original_text: 'What ratio makes a smooth concentrate?' },
          { id: qid(2), title: 'Pending', original_text: 'concentrate', status: QUESTION_STATUS.pending },
          { id: 'draft-1', title: 'Not an object id', original_text: 'concentrate' },
        ])
        .execute();
      await addAnswer(1, 1, 'Steep it overnight.');
      await db
        .insertInto('answer')
        .values({ id: aid(2), question_id: qid(1), original_text: 'overnight too', status: ANSWER_STATUS.deleted })
        .execute();
      expect(await indexedIds()).toEqual([qid(1), aid(1)]);
      expect(await matched('concentrate')).toEqual([qid(1)]);

      await db
        .updateTable('question')
        .set({ title: 'Iced toddy proportions', original_text: 'Which proportions suit a toddy?' })
        .where('id', '=', qid(1))
        .execute();
      expect(await matched('concentrate')).toEqual([]);
      expect(await matched('toddy')).toEqual([qid(1)]);
      await db.updateTable('answer').set({ original_text: 'Use a nut milk bag.' }).where('id', '=', aid(1)).execute();
      expect(await matched('overnight')).toEqual([]);
      expect(await matched('milk')).toEqual([aid(1)]);

      for (const status of [QUESTION_STATUS.deleted, QUESTION_STATUS.pending]) {
        await db.updateTable('question').set({ status }).where('id', '=', qid(1)).execute();
        await db.updateTable('answer').set({ status }).where('id', '=', aid(1)).execute();
        expect(await matched('toddy milk')).toEqual([]);
        await db.updateTable('question').set({ status: QUESTION_STATUS.available }).where('id', '=', qid(1)).execute();
        await db.updateTable('answer').set({ status: ANSWER_STATUS.available }).where('id', '=', aid(1)).execute();
        expect((await matched('toddy milk')).sort()).toEqual([qid(1), aid(1)]);
      }
      // closed questions stay searchable; an update that changes nothing indexed leaves the row be
      await db.updateTable('question').set({ status: QUESTION_STATUS.closed }).where('id', '=', qid(1)).execute();
      await db.updateTable('question').set({ vote_count: 3 }).where('id', '=', qid(1)).execute();
      expect(await matched('toddy')).toEqual([qid(1)]);

      await db.deleteFrom('answer').where('id', '=', aid(1)).execute();
      await db
        .deleteFrom('question')
        .where('id', 'in', [qid(1), 'draft-1'])
        .execute();
      expect(await indexedIds()).toEqual([]);
    });

    it('leave out the credit line and index the text before it', async () => {
      await addQuestions(1, 1, () => ({ title: 'Wick', original_text: `Snuff it first.\n${UNINDEXED_TRAILER}\nImported from Lampsite` }));
      await addAnswer(1, 1, `Never blow it out. ${UNINDEXED_TRAILER} Lampsite answer by Ann`);
      expect(await matched('lampsite')).toEqual([]);
      expect(await matched('imported')).toEqual([]);
      expect(await matched('snuff')).toEqual([qid(1)]);
      expect(await matched('blow')).toEqual([aid(1)]);
      await pgSearch.rebuildIndex(db);
      expect(await matched('lampsite')).toEqual([]);
      expect(await matched('snuff blow')).toHaveLength(2);
    });
  });

  describe('matching', () => {
    beforeEach(async () => {
      await pgSearch.createIndex(db);
      await db
        .insertInto('question')
        .values([
          {
            id: qid(1),
            title: 'Brewing espresso at home',
            original_text: 'How do I pull a good espresso shot with a cheap grinder? I tried node.js timers.',
          },
          { id: qid(2), title: 'Storing whole beans', original_text: 'Should beans go in the freezer or into a sealed jar on the shelf?' },
          { id: qid(3), title: 'Tea steeping time', original_text: 'How long should green tea steep? Hot water makes it bitter.' },
          { id: qid(4), title: '如何冲泡手冲咖啡', original_text: '我想知道手冲咖啡的水温应该是多少度。' },
        ])
        .execute();
      await addAnswer(1, 1, 'Use a burr grinder and a fine espresso roast, then tamp evenly.');
      await addAnswer(2, 1, 'Descale the machine monthly and use filtered water.');
      await addAnswer(3, 2, 'A sealed jar in a dark cupboard keeps beans fresh.');
    });

    it('words match case-insensitively, as prefixes, stemmed and without accents', async () => {
      expect((await matched('espresso')).sort()).toEqual([qid(1), aid(1)]);
      expect((await matched('GRIND')).sort()).toEqual([qid(1), aid(1)]);
      expect(await matched('steeping')).toEqual([qid(3)]);
      expect(await matched('descaling')).toEqual([aid(2)]);
      expect((await matched('espréssò')).sort()).toEqual([qid(1), aid(1)]);
      expect(await matched('nonexistentword')).toEqual([]);
      // words of one or two letters match whole words only, as on SQLite
      expect(await matched('es')).toEqual([]);
    });

    it('every word is indexed (no stop words) and punctuation splits words as FTS5 does', async () => {
      expect((await matched('how')).sort()).toEqual([qid(1), qid(3)]);
      expect(await matched('node')).toEqual([qid(1)]);
      expect(await matched('node.js')).toEqual([qid(1)]);
    });

    it('several words are alternatives; posts having more of them rank first', async () => {
      expect((await matched('freezer descale')).sort()).toEqual([qid(2), aid(2)]);
      expect(await matched('jar cupboard')).toEqual([aid(3), qid(2)]);
    });

    it('"exact phrase" matches only those words in that order', async () => {
      expect((await matched('"sealed jar"')).sort()).toEqual([qid(2), aid(3)]);
      expect(await matched('"jar sealed"')).toEqual([]);
      expect(await matched('"burr grinder and a fine"')).toEqual([aid(1)]);
      expect(await matched('"grinder and a burr"')).toEqual([]);
    });

    it('finds text of unspaced scripts by substring, not through the token index', async () => {
      expect(await matched('咖啡')).toEqual([qid(4)]);
      expect(await matched('水温')).toEqual([qid(4)]);
      expect(await matched('水温', { newestPerType: 10, kind: 'question' })).toEqual([qid(4)]);
      expect(await matched('水温', { newestPerType: 10, kind: 'answer' })).toEqual([]);
      expect(pgSearch.rankOf(await settled('咖啡'), 'q.id')).toBeNull();
      expect(await pgSearch.rankedMatches(db, await settled('咖啡 espresso'))).toBeNull();
      // mixed with a word: each kind of term finds its posts
      expect((await matched('咖啡 descale')).sort()).toEqual([qid(4), aid(2)]);
    });

    it('rankOf checks one post at a time: its rank when it matches, NULL when not, never a failed cast', async () => {
      expect((await ranksOf('beans')).map((r) => r !== null)).toEqual([false, true, false, false]);
      expect(pgSearch.rankOf(await settled('***'), 'q.id')).toBeNull();
      const rankOf = pgSearch.rankOf(await settled('beans'), 'x.id')!;
      const rows = await db
        .selectFrom(sql<{ id: string }>`(SELECT unnest(CAST(${['not-a-number', '9'.repeat(23), qid(2)]} AS text[])) AS id)`.as('x'))
        .select(['x.id', rankOf.as('rank')])
        .execute();
      expect(rows.map((r) => r.rank !== null)).toEqual([false, false, true]);
    });

    it('queryString quotes every word and joins the terms as alternatives', async () => {
      expect(pgSearch.queryString([{ text: 'say "hi" NEAR(b', phrase: true }])).toBe(`('say' <-> 'hi' <-> 'NEAR' <-> 'b')`);
      expect(
        pgSearch.queryString([
          { text: 'e*', phrase: false },
          { text: "it's", phrase: false },
        ]),
      ).toBe(`('e') | ('it' <-> 's':*)`);
      expect(pgSearch.queryString([{ text: 'grind', phrase: false }])).toBe(`('grind':*)`);
      expect(pgSearch.queryString([{ text: '***', phrase: false }])).toBe('');
    });
  });

  describe('ranking', () => {
    beforeEach(async () => {
      await pgSearch.createIndex(db);
    });

    it('a title hit weighs more than a body hit, in every way of matching', async () => {
      await addQuestions(1, 1, () => ({
        title: 'Gooseneck kettle worth it',
        original_text: 'I am wondering whether the pouring control matters at all for my morning routine.',
      }));
      await addQuestions(2, 1, () => ({
        title: 'Kettle question one',
        original_text: 'Is a gooseneck kettle better for pour over brewing?',
      }));
      await addQuestions(3, 6, (n) => ({ title: `Filler ${n}`, original_text: 'nothing to see here' }));
      const order = [qid(1), qid(2)];
      expect(await matched('gooseneck')).toEqual(order);
      expect(await matched('gooseneck', { newestPerType: 10 })).toEqual(order);
      expect(await ranked('gooseneck')).toEqual(order);
      const [r1, r2] = await ranksOf('gooseneck');
      expect(r1!).toBeLessThan(r2!);
    });

    it("on a large index counts a rare word exactly and takes the planner's estimate, within a tenth, for a common one", async () => {
      // 24,000 posts: past the exact-size bound (20,000); "kettle" in every third, "samovar" in 40
      await addQuestions(1, 24_000, (n) => ({
        title: `post ${n}`,
        original_text: `${n % 3 === 0 ? 'kettle ' : ''}${n % 600 === 0 ? 'samovar ' : ''}plain text`,
      }));
      await sql`ANALYZE search_index`.execute(db);
      const [kettle, samovar] = await settled('kettle samovar');
      expect(samovar.posts).toBe(40);
      // the estimate from ANALYZE's lexeme statistics, not a count: close to the 8,000 posts having it
      expect(kettle.posts!).toBeGreaterThan(8000 * 0.9);
      expect(kettle.posts!).toBeLessThan(8000 * 1.1);
      expect(samovar.idf!).toBeGreaterThan(kettle.idf!);
    }, 120_000);

    it('weighs terms by how rare they are, so posts with a rare word rank before those with only a common one', async () => {
      // "lantern" in every question title (common); "battery" in three bodies
      await addQuestions(1, 6, (n) => ({ title: `lantern ${n}`, original_text: n % 2 ? 'wick and oil' : 'battery' }));
      for (let n = 1; n <= 4; n++) await addAnswer(n, 1, 'trim the wick');
      const terms = await settled('lantern battery');
      expect(terms[1].idf!).toBeGreaterThan(terms[0].idf!);
      expect(terms.map((t) => t.posts)).toEqual([6, 3]);
      const expected = [qid(6), qid(4), qid(2), qid(5), qid(3), qid(1)];
      expect(await matched('lantern battery', { newestPerType: 100 })).toEqual(expected);
      expect(await matched('lantern battery')).toEqual(expected);
      expect(await ranked('lantern battery')).toEqual(expected);
    });

    it('bounded matching ranks only the newest matches of each kind, title and body apart', async () => {
      await addQuestions(1, 6, (n) => ({ title: `lantern ${n}`, original_text: n % 2 ? 'wick and oil' : 'battery' }));
      await addQuestions(7, 1, () => ({ title: 'Wick trimming', original_text: 'scissors' }));
      await addQuestions(8, 2, (n) => ({ title: `note ${n}`, original_text: 'a wick' }));
      for (let n = 1; n <= 4; n++) await addAnswer(n, 1, 'trim the wick');
      const newest = await matched('wick', { newestPerType: 2 });
      // questions: the two newest with it in the title (only 7) and in the body (9 and 8); answers: 4 and 3
      expect(newest.sort()).toEqual([qid(7), qid(8), qid(9), aid(3), aid(4)]);
      expect(await matched('wick', { newestPerType: 2, kind: 'answer' })).toEqual([aid(4), aid(3)]);
      expect((await matched('wick')).length).toBe(10);
    });

    it('a stemmed common word matches only as itself once settleTerms finds it common', async () => {
      await addQuestions(1, 210, (n) => ({ title: `lamp ${n}`, original_text: 'plain' }));
      await addQuestions(300, 1, () => ({ title: 'lampshade', original_text: 'fabric' }));
      const [lamp] = await settled('lamp');
      expect(lamp.prefix).toBe(false);
      expect(await matched('lamp')).not.toContain(qid(300));
      const [lampsh] = await settled('lampsh');
      expect(lampsh.prefix).toBe(true);
      expect(await matched('lampsh')).toEqual([qid(300)]);
    });
  });

  describe('relevance over the whole index (rankedMatches)', () => {
    beforeEach(async () => {
      await pgSearch.createIndex(db);
    });

    it('a search mixing a rare and a very common word returns the posts with the rare word first, however old', async () => {
      // 1040 posts: "lantern" in the titles of 700 (the newest), "kerosene" in the bodies of 40 old ones
      await addQuestions(100, 40, (n) => ({ title: `note ${n}`, original_text: 'a can of kerosene' }));
      await addQuestions(200, 300, (n) => ({ title: `filler ${n}`, original_text: 'nothing here' }));
      await addQuestions(1000, 700, (n) => ({ title: `lantern ${n}`, original_text: 'a lantern on the porch' }));
      const withRare = Array.from({ length: 40 }, (_, i) => qid(100 + i));
      for (const text of ['kerosene lantern', 'lantern kerosene']) {
        const ids = await ranked(text);
        expect(ids.slice(0, 40).sort()).toEqual(withRare);
        expect(ids.length).toBeGreaterThan(80);
      }
    });

    it('on a small index ranks exactly as scoring every match', async () => {
      await addQuestions(100, 40, (n) => ({
        title: n % 3 ? `lantern ${n}` : `storm lantern ${n}`,
        original_text: n % 4 ? 'glass chimney' : 'storm glass storm wick',
      }));
      expect(await ranked('storm wick')).toEqual(await matched('storm wick'));
      expect(await ranked('"storm lantern" wick')).toEqual(await matched('"storm lantern" wick'));
    });

    it('a common word past the ranking bound brings its newest posts, and every candidate is scored exactly', async () => {
      // "common" in 8100 posts: more than are ranked whole during a search; 20 of the oldest have it
      // twice in the title and the body
      await addQuestions(100, 20, (n) => ({ title: `common common ${n}`, original_text: 'common common' }));
      await addQuestions(1000, 10_000, (n) => ({ title: `filler ${n}`, original_text: 'nothing to see' }));
      await addQuestions(20_000, 8080, (n) => ({ title: `notes ${n}`, original_text: 'a long body where the word comes once: common' }));
      const [common] = await settled('common');
      expect(common.posts).toBe(8100);
      const ids = await ranked('common');
      expect(ids).toHaveLength(300);
      expect(ids.every((id) => BigInt(id) >= BigInt(qid(20_000)))).toBe(true);
      // a rarer word alongside still ranks its posts first, whatever their age
      await addQuestions(50_000, 1, () => ({ title: 'rare paraffin', original_text: 'common' }));
      expect((await ranked('paraffin common'))[0]).toBe(qid(50_000));
    });

    it('follows the index: a post written after a search is found at once, and one deleted is not', async () => {
      await addQuestions(100, 50, (n) => ({ title: `lantern ${n}`, original_text: 'porch' }));
      expect(await ranked('paraffin')).toEqual([]);
      await addQuestions(5000, 1, () => ({ title: 'paraffin lantern', original_text: 'lantern lantern' }));
      expect(await ranked('paraffin')).toEqual([qid(5000)]);
      await db.deleteFrom('question').where('id', '=', qid(5000)).execute();
      expect(await ranked('paraffin')).toEqual([]);
    });

    it('with newestPerType, adds the newest matches after the best, each once', async () => {
      await addQuestions(100, 10, (n) => ({ title: `wick ${n}`, original_text: 'trim' }));
      await addAnswer(1, 100, 'trim the wick');
      const m = (await pgSearch.rankedMatches(db, await settled('wick')))!;
      const rows = await db
        .selectFrom(m.table('answer', { newestPerType: 5 }).as('m'))
        .select(['m.id'])
        .execute();
      expect(rows.map((r) => r.id)).toEqual([aid(1)]);
      const both = await ranked('wick', { newestPerType: 5 });
      expect(both).toHaveLength(11);
      expect(new Set(both).size).toBe(11);
    });
  });

  describe('hostile input', () => {
    const nasty = [
      '"',
      "'",
      "''",
      '\\',
      "\\'",
      '&',
      '|',
      '!',
      ':',
      '*',
      ':*',
      '(',
      ')',
      '()',
      '<->',
      '<2>',
      '&|!:*()<->',
      "a' | 'b",
      "x'):* | !('y",
      'espresso:*A',
      'NEAR(espresso grinder)',
      '-espresso',
      '%_%',
      '😀☕',
      'x\u200by',
      'é\u0301\u0301',
      '\u0301',
      'ꙮ'.repeat(60),
      'a'.repeat(3000),
      '咖啡\'"&|<->',
      '\0',
    ];

    it('never errors, in settleTerms, matches, rankedMatches or rankOf; quotes and operators are never syntax', async () => {
      await pgSearch.createIndex(db);
      await addQuestions(1, 3, (n) => ({ title: `espresso ${n}`, original_text: "it's a grinder's job: a|b & c" }));
      for (const raw of nasty) {
        for (const terms of [
          [{ text: raw, phrase: false }],
          [{ text: raw, phrase: true }],
          [
            { text: raw, phrase: false },
            { text: 'espresso', phrase: false },
          ],
        ]) {
          const s = await pgSearch.settleTerms(db, terms);
          for (const opts of [{}, { newestPerType: 5 }, { newestPerType: 5, kind: 'answer' as const }])
            await db.selectFrom(pgSearch.matches(s, opts).as('m')).selectAll().execute();
          const r = await pgSearch.rankedMatches(db, s);
          if (r)
            await db
              .selectFrom(r.table('question', { newestPerType: 5 }).as('m'))
              .selectAll()
              .execute();
          const rankOf = pgSearch.rankOf(s, 'q.id');
          if (rankOf) await db.selectFrom('question as q').select(rankOf.as('rank')).execute();
        }
      }
      expect(await matched('NEAR(espresso grinder)')).toHaveLength(3);
      expect(await matched("it's")).toHaveLength(3);
      expect(await matched('a|b')).toHaveLength(3);
    });
  });

  describe('the search repository on PostgreSQL', () => {
    beforeEach(async () => {
      await pgSearch.createIndex(db);
      await db
        .insertInto('question')
        .values([
          {
            id: qid(1),
            title: 'Brewing espresso',
            original_text: 'espresso at home',
            created_at: 1000,
            post_update_time: 5000,
            vote_count: 5,
            accepted_answer_id: aid(1),
          },
          { id: qid(2), title: 'Storing beans', original_text: 'espresso beans in a jar', created_at: 2000, post_update_time: 2500 },
          {
            id: qid(3),
            title: 'Hidden espresso',
            original_text: 'espresso',
            created_at: 3000,
            post_update_time: 3000,
            show: SHOW_STATUS.hidden,
          },
        ])
        .execute();
      await db
        .insertInto('answer')
        .values([
          {
            id: aid(1),
            question_id: qid(1),
            original_text: 'grind finer',
            created_at: 1500,
            updated_at: 6000,
            vote_count: 3,
            adopted: ADOPTED.accepted,
          },
          { id: aid(2), question_id: qid(2), original_text: 'a jar for espresso beans', created_at: 2100, updated_at: 2100 },
        ])
        .execute();
    });

    const plan = (
      terms: SearchTerm[],
      order: SearchPlan['order'],
      match: SearchPlan['match'],
      rankOf?: SearchPlan['rankOf'],
    ): SearchPlan => ({
      type: 'all',
      tagGroups: [],
      userId: null,
      score: null,
      views: null,
      answers: null,
      hasAccepted: null,
      isAccepted: null,
      inQuestion: null,
      match,
      rankOf,
      requireMatch: terms.length > 0,
      order,
      page: 1,
      size: 10,
    });

    it('runs every order over questions and answers with each way of matching', async () => {
      const terms = await settled('espresso');
      const ranked = (await pgSearch.rankedMatches(db, terms))!;
      const ways: [string, SearchPlan['match'], SearchPlan['rankOf']?][] = [
        ['bounded', (kind) => pgSearch.matches(terms, { newestPerType: 500, kind }).as('m')],
        ['ranked', (kind) => ranked.table(kind).as('m')],
        ['ranked+newest', (kind) => ranked.table(kind, { newestPerType: 500 }).as('m')],
        ['per post', (kind) => pgSearch.matches(terms, { newestPerType: 500, kind }).as('m'), (col) => pgSearch.rankOf(terms, col)!],
      ];
      for (const [way, match, rankOf] of ways) {
        const ids = async (order: SearchPlan['order']) => (await searchPosts(db, plan(terms, order, match, rankOf))).rows.map((r) => r.id);
        // the question with the word in its title first; then the shorter of two bodies having it once
        expect(await ids('relevance'), way).toEqual([qid(1), aid(2), qid(2)]);
        expect(await ids('newest'), way).toEqual([aid(2), qid(2), qid(1)]);
        expect(await ids('active'), way).toEqual([qid(1), qid(2), aid(2)]);
        expect(await ids('score'), way).toEqual([qid(1), aid(2), qid(2)]);
        const { count, rows } = await searchPosts(db, plan(terms, 'relevance', match, rankOf));
        expect(count, way).toBe(3);
        expect(rows[0]).toMatchObject({ object_type: 'question', title: 'Brewing espresso', parsed_text: '', accepted: 1 });
      }
      // without text: every visible post, newest first
      const none = await searchPosts(
        db,
        plan([], 'relevance', (kind) => pgSearch.matches([], { newestPerType: 500, kind }).as('m')),
      );
      expect(none.rows.map((r) => r.id)).toEqual([aid(2), qid(2), aid(1), qid(1)]);
    });
  });
});
