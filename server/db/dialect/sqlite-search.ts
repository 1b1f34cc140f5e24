import Database from 'better-sqlite3';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  answerVisible,
  CHAMPIONS,
  COMMON_WORD,
  COUNT_CACHE_MAX,
  COUNT_SHARE,
  COUNT_TTL_MS,
  ID_RANGE,
  inIdRange,
  MIN_COUNT,
  questionVisible,
  UNSPACED,
  WORD_CHAR,
} from './search-rules.js';

export { CHAMPIONS };

// Every piece of full-text SQL for SQLite lives here: the FTS5 index, the triggers that keep it in
// step with the question and answer tables, and the MATCH query. A PostgreSQL dialect would provide
// the same SearchIndexDialect with tsvector columns and ts_rank.

/** One text term of a search: a word (matched as a prefix when long enough) or an exact phrase. */
export interface SearchTerm {
  text: string;
  phrase: boolean;
  /** Whether a word also matches as a prefix; unset: words of 3+ letters do (see `settleTerms`). */
  prefix?: boolean;
  /** How informative the term is (bm25's inverse document frequency); unset: 1 (see `settleTerms`). */
  idf?: number;
  /** How many posts have the term, counted up to a share of the index (see `settleTerms`). */
  posts?: number;
}

/** A matching post: its id and how well it matched (lower is better, as bm25 gives it). */
export interface MatchRow {
  id: string;
  rank: number;
}

/** A full-text engine behind GET search. */
export interface SearchIndexDialect {
  readonly name: string;
  /** Creates the index and the triggers that keep it in sync, then fills it. */
  createIndex(db: Kysely<any>): Promise<void>;
  /** Drops the triggers and the index. */
  dropIndex(db: Kysely<any>): Promise<void>;
  /** Empties the index and fills it again from the tables. */
  rebuildIndex(db: Kysely<any>): Promise<void>;
  /**
   * The posts matching any of the terms, as a parenthesised derived table (id, rank) to join on;
   * empty when there are no terms or none can match anything (only punctuation). User text is
   * always a bound value, never query syntax.
   */
  matches(terms: SearchTerm[], opts?: { newestPerType?: number; kind?: 'question' | 'answer' }): RawBuilder<MatchRow>;
  /**
   * How well one post (its id column, e.g. `q.id`) matches the terms: a correlated scalar (rank, or
   * NULL when it does not match) for searches whose filters leave few posts to look at; null when
   * the terms cannot be checked per post (no token terms, or unspaced scripts).
   */
  rankOf(terms: SearchTerm[], idColumn: string): RawBuilder<number | null> | null;
  /**
   * Decides, per word, whether it also matches as a prefix: a word that is common as it is (found
   * in COMMON_WORD posts or more) matches only itself, since expanding a common prefix to every
   * longer word costs a merge of many long lists and adds little; rarer words and word beginnings
   * ("grind" for "grinder") keep matching as prefixes. Also weighs each term as bm25 does, from
   * how many posts have it (counted up to half the index, past which bm25 gives it no weight; a
   * count is kept for a while if the index keeps its size).
   */
  settleTerms(db: Kysely<any>, terms: SearchTerm[]): Promise<SearchTerm[]>;
  /**
   * A relevance search's candidates, ranked close to bm25 over the whole index at a bounded cost
   * (see `rankedMatches` below); null when the terms need `matches` (an unspaced script, or no
   * term the index can match). `table(kind)` is the derived table (id, rank) to join on; with
   * `newestPerType`, the bounded newest matches are added after them (for searches whose filters
   * may leave few of the best posts).
   */
  rankedMatches(
    db: Kysely<any>,
    terms: SearchTerm[],
  ): Promise<{ table(kind?: 'question' | 'answer', opts?: { newestPerType?: number }): RawBuilder<MatchRow> } | null>;
  /** The terms as the engine's query string (exposed for tests). */
  queryString(terms: SearchTerm[]): string;
  /**
   * Where the engine keeps work made ahead of time (SQLite: common words' best posts), brings it
   * up to date; a background job calls it (see term-lists.ts). Engines without any leave it out.
   */
  refreshLists?(db: Kysely<any>, opts?: { stopped?: () => boolean }): Promise<{ made: number; dropped: number; pass: boolean }>;
}

const INDEX = 'search_index';
// Title hits weigh more than body hits (bm25 column weights: title, body).
const RANK_FUNCTION = 'bm25(4.0, 1.0)';
// Scripts written without spaces (UNSPACED): the unicode61 tokenizer keeps a whole run as one token,
// so these terms are matched as substrings of the stored text instead.

// Only posts a visitor may see are indexed: questions available or closed, answers available.
const QUESTION_VISIBLE = questionVisible('new.status');
const ANSWER_VISIBLE = answerVisible('new.status');
// Ids are the 17-digit object ids; the FTS rowid is the id as an integer.
const numericId = (col: string) => `${col} <> '' AND ${col} NOT GLOB '*[^0-9]*' AND length(${col}) <= 18`;

/**
 * Text after this marker is shown but not indexed: the credit line under imported posts (author,
 * source link, licence) would otherwise make every imported post match its site's name.
 * The marker is an HTML comment, so rendering drops it.
 */
export const UNINDEXED_TRAILER = '<!-- attribution -->';
const indexed = (col: string) =>
  `CASE WHEN instr(${col}, '${UNINDEXED_TRAILER}') > 0 THEN substr(${col}, 1, instr(${col}, '${UNINDEXED_TRAILER}') - 1) ELSE ${col} END`;

/** How the index splits text into words (the query's words are split the same way). */
const TOKENIZE = 'porter unicode61 remove_diacritics 2';
/** Common words' best posts, made ahead of time (see refreshTermLists); and FTS5's word counts. */
const LISTS = 'search_term_list';
const VOCAB = 'search_vocab';

const DDL = [
  `CREATE VIRTUAL TABLE ${INDEX} USING fts5(title, body, content='', contentless_delete=1, tokenize='${TOKENIZE}', prefix='2 3')`,
  sql`CREATE TRIGGER search_question_ai AFTER INSERT ON question WHEN ${QUESTION_VISIBLE} AND ${sql.raw(numericId('new.id'))} BEGIN
     INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) VALUES (CAST(new.id AS INTEGER), new.title, ${sql.raw(indexed('new.original_text'))});
   END`,
  sql`CREATE TRIGGER search_question_au AFTER UPDATE OF title, original_text, status ON question BEGIN
     DELETE FROM ${sql.raw(INDEX)} WHERE rowid = CAST(old.id AS INTEGER) AND ${sql.raw(numericId('old.id'))};
     INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) SELECT CAST(new.id AS INTEGER), new.title, ${sql.raw(indexed('new.original_text'))} WHERE ${QUESTION_VISIBLE} AND ${sql.raw(numericId('new.id'))};
   END`,
  `CREATE TRIGGER search_question_ad AFTER DELETE ON question BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
   END`,
  sql`CREATE TRIGGER search_answer_ai AFTER INSERT ON answer WHEN ${ANSWER_VISIBLE} AND ${sql.raw(numericId('new.id'))} BEGIN
     INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) VALUES (CAST(new.id AS INTEGER), '', ${sql.raw(indexed('new.original_text'))});
   END`,
  sql`CREATE TRIGGER search_answer_au AFTER UPDATE OF original_text, status ON answer BEGIN
     DELETE FROM ${sql.raw(INDEX)} WHERE rowid = CAST(old.id AS INTEGER) AND ${sql.raw(numericId('old.id'))};
     INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) SELECT CAST(new.id AS INTEGER), '', ${sql.raw(indexed('new.original_text'))} WHERE ${ANSWER_VISIBLE} AND ${sql.raw(numericId('new.id'))};
   END`,
  `CREATE TRIGGER search_answer_ad AFTER DELETE ON answer BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
   END`,
  `CREATE TABLE ${LISTS} (term TEXT NOT NULL PRIMARY KEY, post_count INTEGER NOT NULL, index_posts INTEGER NOT NULL, newest_question TEXT NOT NULL, newest_answer TEXT NOT NULL, made_at INTEGER NOT NULL, ids BLOB NOT NULL, scores BLOB NOT NULL)`,
  `CREATE VIRTUAL TABLE ${VOCAB} USING fts5vocab(${INDEX}, row)`,
];

// Terms are counted up to COUNT_SHARE of the indexed posts (at least MIN_COUNT): a term found in
// more is weighed as if found in that many (its weight is small either way).
// bm25's term-frequency part (k1 = 1.2) for a title hit (weight 4) and a body hit (weight 1).
const TITLE_SCORE = (4 * 2.2) / (4 + 1.2);
const BODY_SCORE = 1;
// A counted term or index size is reused for COUNT_TTL_MS.

// Relevance at scale (rankedMatches). Per term, its best posts by bm25 alone are kept (a "champion
// list"); a post's score is the sum of its scores in the lists it is in. Posts having every term
// are ranked exactly by FTS5 when few enough have them all.
// CHAMPIONS: how many of a term's best posts its list keeps.
/**
 * A term's list is made during a search when at most this many posts have the term (ranking them
 * all costs about a microsecond each). A commoner term's list (100-500 ms at 100k questions) is made
 * only where reads run in worker threads, one at a time, and a search waits at most LIST_WAIT_MS
 * for it: meanwhile the term is ranked among its newest posts, as `matches` does, and the next
 * search with the term has its list.
 */
const LIST_COST_MAX = 8000;
const LIST_WAIT_MS = 150;
const COMMON_LISTS_AT_ONCE = 1;
/** Posts having every term are ranked exactly when about this many or fewer have them all, and the terms together are in at most AND_COST_MAX posts. */
const ALL_TERMS_MAX = 2000;
const AND_COST_MAX = 20_000;
/** How many of those are kept. */
const ALL_TERMS_TOP = 50;
/** A list of a changed index is still used (with the posts added since) for this long. */
const LIST_TTL_MS = 10 * 60_000;
const LISTS_MAX = 300;
/**
 * Words found in at least this many posts have their list made ahead of time and stored (see
 * refreshTermLists): made during a search, such a list costs 1-2 microseconds a post, 5-500 ms at
 * 100k questions. A stored list serves while the index has grown since it was made by at most
 * STORED_DRIFT of its posts (the posts added since are ranked apart, as for a kept list).
 */
export const STORED_LIST_MIN = 1000;
const STORED_DRIFT = 0.02;
/** bm25's weight of a term in most posts (FTS5 floors it at 1e-6). */
const NO_WEIGHT = 1e-5;
/** How many of a listless term's newest posts of each kind are ranked. */
const NEWEST_PER_TERM = 500;
/** How many of the best-scored posts (by the lists and the exact ranking) a search keeps. */
const CANDIDATES_MAX = 300;

/** One term's best posts (ids and bm25 scores, best first), as of an index version. */
interface TermList {
  ids: string[];
  scores: number[];
  /** How many posts have the term. */
  having: number;
  /** Whether every post having the term is in the list. */
  complete: boolean;
  version: string;
  /** How many posts the index had when the list was made. */
  posts: number;
  at: number;
  /** The newest indexed id of each kind when the list was made: later posts are looked up apart. */
  newest: { question: string; answer: string };
  /** Made ahead of time (read from search_term_list): serves while `stillServes` says so. */
  stored?: boolean;
}

/** The index's version, size and newest indexed id of each kind. */
interface IndexState {
  version: string;
  posts: number;
  newest: { question: string; answer: string };
}

/**
 * What one engine (one database) keeps between searches: each term's post count (reused for
 * COUNT_TTL_MS), the terms' lists, and the lists being made. Made with the engine, when the
 * database is opened (see createSqliteSearch), and gone with it.
 */
interface SearchMemory {
  terms: Map<string, { n: Promise<number>; at: number; posts: number }>;
  lists: Map<string, TermList>;
  making: Map<string, Promise<TermList>>;
  /** Common terms' lists being made. */
  common: number;
  /**
   * The index's state each settled set of terms was counted against (settleTerms), for
   * rankedMatches: keyed by the array settleTerms returned, so it goes with the search.
   */
  settledAt: WeakMap<SearchTerm[], IndexState>;
}

/**
 * An SQLite varint (as FTS5 stores its totals) at `at`: its value and the byte after it. FTS5's
 * `_data` records are not a documented API: fts5-private-format.test.ts pins what is read here.
 */
export function readVarint(b: Uint8Array, at: number): [number, number] {
  let v = 0;
  for (let i = 0; i < 8; i++) {
    const byte = b[at + i] ?? 0;
    v = v * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) return [v, at + i + 1];
  }
  return [v * 256 + (b[at + 8] ?? 0), at + 9];
}

/**
 * The index's version and size from FTS5's own records: the averages record (rows and tokens) and
 * the structure record (segments, written by every change). Cheap: two rows by key.
 */
async function indexState(db: Kysely<any>): Promise<IndexState> {
  const newest = (kind: 'question' | 'answer') =>
    sql.raw(`(SELECT CAST(max(id) AS TEXT) FROM ${INDEX}_docsize WHERE id BETWEEN ${ID_RANGE[kind][0]} AND ${ID_RANGE[kind][1]})`);
  const row = (
    await sql<{ averages: Uint8Array | null; structure: Uint8Array | null; question: string | null; answer: string | null }>`SELECT
      (SELECT block FROM ${sql.raw(`${INDEX}_data`)} WHERE id = 1) AS averages,
      (SELECT block FROM ${sql.raw(`${INDEX}_data`)} WHERE id = 10) AS structure,
      ${newest('question')} AS question, ${newest('answer')} AS answer`.execute(db)
  ).rows[0];
  const version = [row.averages, row.structure].map((b) => (b ? Buffer.from(b).toString('base64') : '')).join(':');
  return {
    version,
    posts: row.averages ? readVarint(row.averages, 0)[0] : 0,
    newest: { question: row.question ?? ID_RANGE.question[0], answer: row.answer ?? ID_RANGE.answer[0] },
  };
}

/** bm25's inverse document frequency as FTS5 computes it (never below 1e-6). */
export function inverseFrequency(posts: number, having: number): number {
  const idf = Math.log((posts - having + 0.5) / (having + 0.5));
  return idf > 0 ? idf : 1e-6;
}

const KINDS = ['question', 'answer'] as const;

/** Whether a list made when the index was `made` serves it as it is now: grown since, by little. */
function stillServes(made: { posts: number; newest: IndexState['newest'] }, state: IndexState): boolean {
  return (
    made.posts > 0 &&
    Math.abs(state.posts - made.posts) <= made.posts * STORED_DRIFT &&
    KINDS.every((kind) => BigInt(state.newest[kind]) >= BigInt(made.newest[kind]))
  );
}

let splitter: ((text: string) => string[]) | null = null;

/**
 * The index's words in a text, as the index's own tokenizer makes them (an FTS5 table in memory
 * with the same settings): "Histories" is "histori", "don't" is "don" and "t".
 */
export function indexWords(text: string): readonly string[] {
  const known = wordsOf.get(text);
  if (known) return known;
  if (!splitter) {
    const mem = new Database(':memory:');
    mem.exec(
      `CREATE VIRTUAL TABLE words USING fts5(text, tokenize='${TOKENIZE}'); CREATE VIRTUAL TABLE found USING fts5vocab(words, instance);`,
    );
    const clear = mem.prepare('DELETE FROM words');
    const put = mem.prepare('INSERT INTO words(rowid, text) VALUES (1, ?)');
    const read = mem.prepare('SELECT term FROM found ORDER BY offset').pluck();
    splitter = (t) => {
      clear.run();
      put.run(t);
      return read.all() as string[];
    };
  }
  const words = Object.freeze(splitter(text));
  // searches repeat words: each split costs an insert and a read in SQLite, a lookup here is free
  if (wordsOf.size >= WORDS_KEPT) wordsOf.clear();
  wordsOf.set(text, words);
  return words;
}
const wordsOf = new Map<string, readonly string[]>();
const WORDS_KEPT = 5000;

/**
 * A word the tokenizer turns into this index word, to query it by: mostly the word itself, but
 * stemming a stem sometimes changes it again ("coffee" is "coffe", and "coffe" is "coff"), so a few
 * endings the stemmer takes off are tried; null when none gives it back.
 */
function wordFor(term: string): string | null {
  for (const ending of ['', 'e', 's', 'es', 'ed', 'ing', 'y', 'er', 'al', 'ion', 'ly', 'ness', 'ate', 'ive', 'ize'])
    if (indexWords(term + ending).join(' ') === term) return term + ending;
  return null;
}

/**
 * A pass starts once this many posts were added since the last (a quarter of a percent of the
 * index, at least 200); lists having REMAKE_AFTER or more posts added since they were made are made
 * again then.
 */
const passAfter = (posts: number) => Math.max(200, Math.ceil(posts * 0.0025));
const REMAKE_AFTER = 100;

/** How many posts with the word were indexed after the given newest ids (counted up to REMAKE_AFTER a kind). */
async function postsSince(db: Kysely<any>, query: string, newest: IndexState['newest'], state: IndexState): Promise<number> {
  let n = 0;
  for (const kind of KINDS) {
    if (newest[kind] === state.newest[kind]) continue;
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query} AND rowid > ${BigInt(newest[kind])} AND rowid <= ${BigInt(ID_RANGE[kind][1])} LIMIT ${sql.lit(REMAKE_AFTER)})`.execute(
      db,
    );
    n += Number(rows[0].n);
  }
  return n;
}

/** Writes a list's row (or, with term '', the mark of a pass) as of the index state `state`. */
async function storeRow(db: Kysely<any>, term: string, count: number, state: IndexState, ids: Buffer, scores: Buffer): Promise<void> {
  await sql`INSERT OR REPLACE INTO ${sql.raw(LISTS)} (term, post_count, index_posts, newest_question, newest_answer, made_at, ids, scores)
    VALUES (${term}, ${count}, ${state.posts}, ${state.newest.question}, ${state.newest.answer}, ${Date.now()}, ${ids}, ${scores})`.execute(
    db,
  );
}

/** A stored list's row (search_term_list). */
interface StoredRow {
  term: string;
  post_count: number;
  index_posts: number;
  newest_question: string;
  newest_answer: string;
  ids: Uint8Array;
  scores: Uint8Array;
}

const madeWhen = (r: Pick<StoredRow, 'index_posts' | 'newest_question' | 'newest_answer'>) => ({
  posts: Number(r.index_posts),
  newest: { question: r.newest_question, answer: r.newest_answer },
});

/** The stored lists of these index words that still serve the index, by word. */
async function storedLists(db: Kysely<any>, words: string[], state: IndexState): Promise<Map<string, TermList>> {
  const out = new Map<string, TermList>();
  if (words.length === 0) return out;
  const { rows } =
    await sql<StoredRow>`SELECT term, post_count, index_posts, newest_question, newest_answer, ids, scores FROM ${sql.raw(LISTS)} WHERE term IN (${sql.join(words)})`.execute(
      db,
    );
  for (const r of rows) {
    const made = madeWhen(r);
    if (!stillServes(made, state)) continue;
    const ids = Buffer.from(r.ids);
    const scores = Buffer.from(r.scores);
    const n = Math.min(ids.length, scores.length) >> 3;
    out.set(r.term, {
      ids: Array.from({ length: n }, (_, i) => String(ids.readBigInt64LE(i * 8))),
      scores: Array.from({ length: n }, (_, i) => scores.readDoubleLE(i * 8)),
      having: Number(r.post_count),
      complete: false,
      version: '',
      at: Date.now(),
      stored: true,
      ...made,
    });
  }
  return out;
}

/**
 * Makes and stores the lists of the words found in at least `minPosts` posts (STORED_LIST_MIN),
 * so that no search has to make one: a background job runs it at start and every few minutes.
 * Cheap when nothing changed: the mark row (term '') says when the last pass was done, and a pass
 * starts only once passAfter posts were added since. A pass reads FTS5's word counts (about a
 * second at 100k questions), remakes the lists that no longer serve (STORED_DRIFT; on a new site,
 * all: about a minute at 100k questions, one list at a time, on a read worker where there are some)
 * and those whose word is in REMAKE_AFTER posts added since, and drops those of words no longer
 * common. `stopped` ends a pass between two lists (before its mark).
 * FTS5's row total counts the rows written (an edit is one more), not those deleted since: deleting
 * starts no pass, and a deleted post left in a list is dropped by the search's visibility filters.
 */
export async function refreshTermLists(
  db: Kysely<any>,
  opts: { minPosts?: number; stopped?: () => boolean } = {},
): Promise<{ made: number; dropped: number; pass: boolean }> {
  const min = opts.minPosts ?? STORED_LIST_MIN;
  const state = await indexState(db);
  const made = (where: RawBuilder<unknown>) =>
    sql<
      Pick<StoredRow, 'term' | 'index_posts' | 'newest_question' | 'newest_answer'>
    >`SELECT term, index_posts, newest_question, newest_answer FROM ${sql.raw(LISTS)} WHERE ${where}`.execute(db);
  const mark = (await made(sql`term = ''`)).rows[0];
  if (mark && stillServes(madeWhen(mark), state) && state.posts - Number(mark.index_posts) < passAfter(state.posts))
    return { made: 0, dropped: 0, pass: false };
  const { rows } = await made(sql`term <> ''`);
  const have = new Map(rows.map((r) => [r.term, madeWhen(r)]));
  // the index words in enough posts, each with a word that the tokenizer turns into it
  const common = new Map<string, string>();
  for (const { term } of (await sql<{ term: string }>`SELECT term FROM ${sql.raw(VOCAB)} WHERE doc >= ${min} ORDER BY doc DESC`.execute(db))
    .rows) {
    const word = wordFor(term);
    if (word) common.set(term, word);
  }
  let count = 0;
  /** Kept lists with no post of their word added since: they are marked as of this pass. */
  const current: string[] = [];
  for (const [term, word] of common) {
    if (opts.stopped?.()) return { made: count, dropped: 0, pass: false };
    const query = ftsString(word);
    const kept = have.get(term);
    // a list that still serves is kept while few posts with its word came after it (a search ranks
    // those in); a burst of new posts with a word (a busy topic) gets its list made again
    if (kept && stillServes(kept, state)) {
      const since = await postsSince(db, query, kept.newest, state);
      // no post with the word since: the list is as good as new, and searches need not look for any
      if (since === 0 && KINDS.some((kind) => kept.newest[kind] !== state.newest[kind])) current.push(term);
      if (since < REMAKE_AFTER) continue;
    }
    const best = await bestRanked(db, query, CHAMPIONS);
    const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query}`.execute(db))
      .rows[0];
    const ids = Buffer.alloc(best.length * 8);
    const scores = Buffer.alloc(best.length * 8);
    best.forEach(([id, score], i) => {
      ids.writeBigInt64LE(BigInt(id), i * 8);
      scores.writeDoubleLE(score, i * 8);
    });
    await storeRow(db, term, Number(n), state, ids, scores);
    count++;
    // one list at a time, between other work
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (let i = 0; i < current.length; i += 500)
    await sql`UPDATE ${sql.raw(LISTS)} SET newest_question = ${state.newest.question}, newest_answer = ${state.newest.answer} WHERE term IN (${sql.join(current.slice(i, i + 500))})`.execute(
      db,
    );
  const keep = new Set(common.keys());
  const gone = rows.map((r) => r.term).filter((t) => !keep.has(t));
  for (let i = 0; i < gone.length; i += 500)
    await sql`DELETE FROM ${sql.raw(LISTS)} WHERE term IN (${sql.join(gone.slice(i, i + 500))})`.execute(db);
  await storeRow(db, '', 0, state, Buffer.alloc(0), Buffer.alloc(0));
  return { made: count, dropped: gone.length, pass: true };
}

const TRIGGERS = [
  'search_question_ai',
  'search_question_au',
  'search_question_ad',
  'search_answer_ai',
  'search_answer_au',
  'search_answer_ad',
];

/** An FTS5 string literal: the text in double quotes, inner quotes doubled; never query syntax. */
function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Whether a term can be matched by the token index (has letters or digits, none of an unspaced script). */
function tokenTerm(t: SearchTerm): boolean {
  return WORD_CHAR.test(t.text) && !UNSPACED.test(t.text);
}

function buildQueryString(terms: SearchTerm[]): string {
  return terms
    .filter(tokenTerm)
    .map((t) => {
      const lit = ftsString(t.text);
      // short words match whole tokens only, longer ones also as a prefix ("instal" finds "installer")
      const letters = Array.from(t.text).filter((c) => WORD_CHAR.test(c)).length;
      return !t.phrase && letters >= 3 && t.prefix !== false ? `${lit}*` : lit;
    })
    .join(' OR ');
}

/**
 * The `limit` best posts matching an FTS5 query by bm25 (id, score; best first); with id ranges
 * (low exclusive, high inclusive), the `limit` best within each, in one statement.
 */
async function bestRanked(db: Kysely<any>, query: string, limit: number, ...ranges: [bigint, bigint][]): Promise<[string, number][]> {
  const ranked = (within: RawBuilder<unknown>) =>
    sql`SELECT CAST(rowid AS TEXT) AS id, rank FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query} AND rank MATCH ${sql.lit(RANK_FUNCTION)}${within} ORDER BY rank LIMIT ${sql.lit(limit)}`;
  const statement = ranges.length
    ? sql<{ id: string; rank: number }>`${sql.join(
        ranges.map(([low, high]) => sql`SELECT * FROM (${ranked(sql` AND rowid > ${low} AND rowid <= ${high}`)})`),
        sql` UNION ALL `,
      )}`
    : sql<{ id: string; rank: number }>`${ranked(sql``)}`;
  const { rows } = await statement.execute(db);
  return rows.map((r): [string, number] => [r.id, -Number(r.rank)]);
}

/**
 * A term's list: reused while the index is unchanged, or (when not complete) for LIST_TTL_MS with the
 * posts added since. With `waitMs` (a common term), a list to make is waited for that long at most,
 * and not started while COMMON_LISTS_AT_ONCE others are being made: null then.
 */
async function termList(
  db: Kysely<any>,
  memory: SearchMemory,
  query: string,
  state: IndexState,
  /** How many posts have the term, when known (counted here otherwise). */
  having: number | undefined,
  waitMs?: number,
): Promise<{ list: TermList; added: [string, number][] } | null> {
  const cache = memory.lists;
  const now = Date.now();
  const kept = cache.get(query);
  // a changed index's list is reused only while young, and only if the index has grown since (not
  // after a restore or an import that replaced it)
  const grown = (k: TermList) =>
    state.posts >= k.posts && (['question', 'answer'] as const).every((kind) => BigInt(state.newest[kind]) >= BigInt(k.newest[kind]));
  const serves = (k: TermList) => (k.stored ? stillServes(k, state) : now - k.at < LIST_TTL_MS && grown(k));
  if (kept && (kept.version === state.version || (!kept.complete && serves(kept)))) {
    cache.delete(query);
    cache.set(query, kept);
    if (kept.version === state.version) return { list: kept, added: [] };
    // the posts added since, ranked exactly (their term is one whose list is cheap or kept)
    const ranges = KINDS.filter((kind) => kept.newest[kind] !== state.newest[kind]).map((kind): [bigint, bigint] => [
      BigInt(kept.newest[kind]),
      BigInt(ID_RANGE[kind][1]),
    ]);
    return { list: kept, added: ranges.length ? await bestRanked(db, query, CHAMPIONS, ...ranges) : [] };
  }
  // searches running at once that need the same list wait for one making of it
  const c = memory;
  let making = c.making.get(query);
  if (!making) {
    if (waitMs !== undefined && c.common >= COMMON_LISTS_AT_ONCE) return null;
    const common = waitMs !== undefined;
    if (common) c.common++;
    making = makeList(db, memory, query, state, having).finally(() => {
      c.making.delete(query);
      if (common) c.common--;
    });
    // a list nobody waits for any more still settles quietly (a failed one is made again next time)
    making.catch(() => undefined);
    c.making.set(query, making);
  }
  if (waitMs === undefined) return { list: await making, added: [] };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const list = await Promise.race([making, new Promise<null>((r) => (timer = setTimeout(() => r(null), waitMs)))]).finally(() =>
    clearTimeout(timer),
  );
  return list ? { list, added: [] } : null;
}

/** Ranks every post having the term and keeps the best CHAMPIONS (see termList). */
async function makeList(
  db: Kysely<any>,
  memory: SearchMemory,
  query: string,
  state: IndexState,
  having: number | undefined,
): Promise<TermList> {
  const cache = memory.lists;
  const best = await bestRanked(db, query, CHAMPIONS);
  const complete = best.length < CHAMPIONS;
  const count = complete
    ? best.length
    : (having ??
      Number(
        (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query}`.execute(db)).rows[0]
          .n,
      ));
  const list: TermList = {
    ids: best.map(([id]) => id),
    scores: best.map(([, score]) => score),
    having: count,
    complete,
    version: state.version,
    posts: state.posts,
    at: Date.now(),
    newest: state.newest,
  };
  cache.delete(query);
  if (cache.size >= LISTS_MAX) cache.delete(cache.keys().next().value!);
  cache.set(query, list);
  return list;
}

/** Rows (id, rank, whether the rank is the whole bm25) given in a bound JSON array, as a derived table. */
function rowsTable(rows: [string, number, number][]): RawBuilder<MatchRow> {
  return sql<MatchRow>`(SELECT value ->> '$[0]' AS id, value ->> '$[1]' AS rank, value ->> '$[2]' AS x FROM json_each(${JSON.stringify(rows)}))`;
}

/**
 * Rows (id, rank) given in a bound JSON object {id: rank}, as a derived table: half the cost of
 * rowsTable's arrays, whose every element is parsed again for each column.
 */
function ranksTable(rows: [string, number][]): RawBuilder<MatchRow> {
  // written out here: the ids are digits (rowids), and an object with hundreds of keys too large to
  // be array indexes costs JSON.stringify ten times as much
  const json = `{${rows.map(([id, rank]) => `"${/^\d+$/.test(id) ? id : '0'}":${Number.isFinite(rank) ? rank : 0}`).join(',')}}`;
  return sql<MatchRow>`(SELECT key AS id, value AS rank FROM json_each(${json}))`;
}

/**
 * The SQLite FTS5 search engine of one database, with what it keeps between searches (made when the
 * database is opened: see openSqlite). `readsOffMainThread` says whether the database's reads run
 * in worker threads now (a commoner term's list is then made there during a search).
 */
export function createSqliteSearch(opts: { readsOffMainThread?: () => boolean } = {}): SearchIndexDialect {
  const memory: SearchMemory = { terms: new Map(), lists: new Map(), making: new Map(), common: 0, settledAt: new WeakMap() };
  const readsOffMainThread = opts.readsOffMainThread ?? (() => false);
  return {
    name: 'sqlite-fts5',

    async createIndex(db) {
      for (const stmt of DDL) await (typeof stmt === 'string' ? sql.raw(stmt) : stmt).execute(db);
      await this.rebuildIndex(db);
    },

    async dropIndex(db) {
      for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${VOCAB}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${LISTS}`).execute(db);
      await sql.raw(`DROP TABLE IF EXISTS ${INDEX}`).execute(db);
    },

    async rebuildIndex(db) {
      await sql.raw(`DELETE FROM ${LISTS}`).execute(db);
      await sql.raw(`INSERT INTO ${INDEX}(${INDEX}) VALUES ('delete-all')`).execute(db);
      await sql`INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) SELECT CAST(id AS INTEGER), title, ${sql.raw(indexed('original_text'))} FROM question WHERE ${questionVisible('status')} AND ${sql.raw(numericId('id'))}`.execute(
        db,
      );
      await sql`INSERT INTO ${sql.raw(INDEX)}(rowid, title, body) SELECT CAST(id AS INTEGER), '', ${sql.raw(indexed('original_text'))} FROM answer WHERE ${answerVisible('status')} AND ${sql.raw(numericId('id'))}`.execute(
        db,
      );
    },

    queryString: buildQueryString,

    refreshLists: (db, opts) => refreshTermLists(db, opts),

    async settleTerms(db, terms) {
      const cache = memory;
      const now = Date.now();
      // the index size is read every time (two records by key); a count is reused for COUNT_TTL_MS
      // while the index keeps about the size it had (not after an import, a restore or a purge)
      const state = await indexState(db);
      const posts = state.posts;
      // words with a stored list: their count comes with it, and the search takes the list from here
      const words = new Map<SearchTerm, string>();
      for (const t of terms) {
        if (!tokenTerm(t) || t.phrase) continue;
        const split = indexWords(t.text);
        if (split.length === 1) words.set(t, split[0]);
      }
      const stored = await storedLists(db, [...new Set(words.values())], state);
      const drift = Math.max(10, posts * 0.01);
      /** Posts matching an FTS5 query string, counted up to `cap`; a count in progress is shared. */
      const count = (query: string, cap: number): Promise<number> => {
        const key = `${cap}:${query}`;
        const hit = cache.terms.get(key);
        if (hit && now - hit.at < COUNT_TTL_MS && Math.abs(hit.posts - posts) <= drift) return hit.n;
        if (cache.terms.size >= COUNT_CACHE_MAX) cache.terms.clear();
        const n = sql<{
          n: number;
        }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query} LIMIT ${sql.lit(cap)})`
          .execute(db)
          .then((r) => Number(r.rows[0].n));
        n.catch(() => cache.terms.delete(key));
        cache.terms.set(key, { n, at: now, posts });
        return n;
      };
      const cap = Math.max(MIN_COUNT, Math.ceil(posts * COUNT_SHARE));
      const out: SearchTerm[] = [];
      for (const t of terms) {
        if (!tokenTerm(t)) {
          out.push(t);
          continue;
        }
        const list = stored.get(words.get(t) ?? '');
        if (list) {
          // common as it is (at least STORED_LIST_MIN posts), so matched only as itself
          const settled = { ...t, prefix: false };
          const query = buildQueryString([settled]);
          const held = cache.lists.get(query);
          if (!held || held.version !== state.version) {
            cache.lists.delete(query);
            if (cache.lists.size >= LISTS_MAX) cache.lists.delete(cache.lists.keys().next().value!);
            cache.lists.set(query, list);
          }
          out.push({ ...settled, idf: inverseFrequency(posts, list.having), posts: list.having });
          continue;
        }
        const settled = t.phrase ? { ...t } : { ...t, prefix: (await count(ftsString(t.text), COMMON_WORD)) < COMMON_WORD };
        const query = buildQueryString([settled]);
        let having = await count(query, cap);
        // a term in the share counted or more: counted on up to half the posts, past which bm25
        // gives it no weight at all (FTS5 floors the weight of a term in most posts)
        if (having >= cap) having = await count(query, Math.ceil(posts / 2) + 1);
        out.push({ ...settled, idf: inverseFrequency(posts, having), posts: having });
      }
      // the search ranks with the index as it was read here (one read of its state per search)
      memory.settledAt.set(out, state);
      return out;
    },

    matches(terms, opts = {}) {
      const parts: RawBuilder<unknown>[] = [];
      const fts = buildQueryString(terms);
      const limit = opts.newestPerType;
      if (fts && limit) {
        // Bounded: for each term, the newest `limit` posts of the kind that have it in their title,
        // and in their body. FTS5 walks ids downwards within the kind's id range and stops, so a word
        // found in half the site costs as much as a rare one (bm25 would first count every post
        // having each word). A post scores as bm25 would without lengths: per term its idf times the
        // better of a title hit and a body hit, summed over terms. So a word found in a large share of
        // the posts weighs little, and its many newest posts rank after those having a rarer word.
        const tokens = terms.filter(tokenTerm);
        const kinds = opts.kind ? [opts.kind] : (['question', 'answer'] as const);
        for (const kind of kinds) {
          const [lo, hi] = ID_RANGE[kind];
          tokens.forEach((t, i) => {
            const one = buildQueryString([t]);
            const idf = t.idf ?? 1;
            const columns: [string, number][] =
              kind === 'question'
                ? [
                    ['title', TITLE_SCORE],
                    ['body', BODY_SCORE],
                  ]
                : [['body', BODY_SCORE]];
            for (const [column, weight] of columns) {
              parts.push(
                sql`SELECT * FROM (SELECT CAST(rowid AS TEXT) AS id, ${sql.lit(i)} AS t, ${sql.raw(String(-weight * idf))} AS rank FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${`{${column}} : ${one}`} AND rowid BETWEEN ${sql.raw(lo)} AND ${sql.raw(hi)} ORDER BY rowid DESC LIMIT ${sql.lit(limit)})`,
              );
            }
          });
        }
      } else if (fts) {
        // the hidden rank column (not a bm25() call) keeps working when SQLite flattens this subquery
        parts.push(
          sql`SELECT CAST(rowid AS TEXT) AS id, rank FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${fts} AND rank MATCH ${sql.lit(RANK_FUNCTION)}`,
        );
      }
      // in a bounded search every part says which term it is for (t)
      const tag = (i: number) => (limit ? sql`${sql.lit(100 + i)} AS t, ` : sql``);
      terms
        .filter((x) => UNSPACED.test(x.text))
        .forEach((t, i) => {
          const needle = t.text.toLowerCase();
          const cap = limit ? sql` ORDER BY id DESC LIMIT ${sql.lit(limit)}` : sql``;
          if (opts.kind !== 'answer')
            parts.push(
              sql`SELECT * FROM (SELECT id, ${tag(i)}-1.0 AS rank FROM question WHERE ${questionVisible('status')} AND (instr(lower(title), ${needle}) > 0 OR instr(lower(original_text), ${needle}) > 0)${cap})`,
            );
          if (opts.kind !== 'question')
            parts.push(
              sql`SELECT * FROM (SELECT id, ${tag(i)}-1.0 AS rank FROM answer WHERE ${answerVisible('status')} AND instr(lower(original_text), ${needle}) > 0${cap})`,
            );
        });
      if (parts.length === 0) return sql<MatchRow>`(SELECT CAST(NULL AS TEXT) AS id, CAST(NULL AS REAL) AS rank WHERE 0)`;
      if (limit) {
        // per post and term the better column, summed over the terms
        return sql<MatchRow>`(SELECT id, SUM(rank) AS rank FROM (SELECT id, MIN(rank) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) GROUP BY id, t) GROUP BY id)`;
      }
      return sql<MatchRow>`(SELECT id, SUM(rank) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) GROUP BY id)`;
    },

    async rankedMatches(db, terms) {
      const tokens = terms.filter(tokenTerm);
      if (tokens.length === 0 || terms.some((t) => UNSPACED.test(t.text))) return null;
      const state = memory.settledAt.get(terms) ?? (await indexState(db));
      const scores = new Map<string, number>();
      /** Posts whose score is their whole bm25 (ranked with every term together). */
      const exact = new Set<string>();
      const cache = memory.lists;
      // each term's best posts, summed: a post in every list has its exact bm25. A common term
      // without a list yet is ranked among its newest posts (in SQL, below).
      const newest: SearchTerm[] = [];
      const common = (t: SearchTerm) => (t.posts ?? 0) > LIST_COST_MAX;
      const got: ({ list: TermList; added: [string, number][] } | null)[] = [];
      for (const t of tokens) {
        const query = buildQueryString([t]);
        // a term in most posts has no weight in bm25 (FTS5 floors it), so a list of its best posts
        // would be arbitrary: its newest posts are listed after those having a weighed term
        if ((t.idf ?? 1) <= NO_WEIGHT) got.push(null);
        // a commoner term's list is made off the main thread (where reads run in workers) and
        // waited for briefly; without one the term's newest posts are ranked
        else if (!common(t)) got.push(await termList(db, memory, query, state, t.posts));
        else if (readsOffMainThread()) got.push(await termList(db, memory, query, state, t.posts, LIST_WAIT_MS));
        else got.push(cache.has(query) ? await termList(db, memory, query, state, t.posts) : null);
      }
      // common terms use their lists only when all of them have one: one common term's best posts
      // beside another's few newest would miss the posts having both
      const commonWithout = tokens.some((t, i) => (t.idf ?? 1) > NO_WEIGHT && common(t) && !got[i]);
      tokens.forEach((t, i) => {
        const one = got[i];
        if (!one || (commonWithout && common(t))) {
          newest.push(t);
          return;
        }
        one.list.ids.forEach((id, k) => scores.set(id, (scores.get(id) ?? 0) + one.list.scores[k]));
        for (const [id, score] of one.added) scores.set(id, (scores.get(id) ?? 0) + score);
      });
      // posts having every term: each a sum of scores that may be in no list, so FTS5 ranks them
      // (exactly) when there are few (the shares of posts having each term, multiplied) and FTS5's
      // count of each term's posts (bm25's weights) is cheap
      const having = tokens.map((t) => t.posts ?? 0);
      const expected = having.reduce((n, h) => (n * h) / Math.max(1, state.posts), state.posts);
      if (tokens.length > 1 && expected <= ALL_TERMS_MAX && having.reduce((a, b) => a + b, 0) <= AND_COST_MAX) {
        const all = tokens.map((t) => buildQueryString([t])).join(' AND ');
        for (const [id, score] of await bestRanked(db, all, ALL_TERMS_TOP)) {
          scores.set(id, score);
          exact.add(id);
        }
      }
      // the best CANDIDATES_MAX (whole or partial) scores go on to the filters and the page
      const kept = [...scores].sort((a, b) => b[1] - a[1]).slice(0, CANDIDATES_MAX);
      const ofKind = (kind: 'question' | 'answer') => kept.filter(([id]) => inIdRange(id, kind));
      // a listless term's newest posts matter most when no term has a list; else they only add to
      // the posts having a rarer term
      const perTerm = newest.length === tokens.length ? NEWEST_PER_TERM : NEWEST_PER_TERM / 5;
      return {
        table: (kind, opts = {}) => {
          const rows = kind ? ofKind(kind) : kept;
          let best = ranksTable(rows.map(([id, score]) => [id, -score]));
          // terms without a list: their newest posts' scores are added (a post scored exactly by
          // the terms together keeps that score)
          if (newest.length)
            best = sql<MatchRow>`(SELECT id, CASE WHEN MAX(x) = 1 THEN MIN(rank) ELSE SUM(rank) END AS rank FROM (SELECT id, rank, x FROM ${rowsTable(
              rows.map(([id, score]) => [id, -score, exact.has(id) ? 1 : 0]),
            )} UNION ALL SELECT id, rank, 0 AS x FROM ${this.matches(newest, { newestPerType: perTerm, kind })}) GROUP BY id)`;
          if (!opts.newestPerType) return best;
          // the best posts first (src 0), then the newest matches not among them, ranked as `matches` ranks them
          return sql<MatchRow>`(SELECT id, rank FROM (SELECT id, rank, MIN(src) FROM (SELECT id, rank, 0 AS src FROM ${best} UNION ALL SELECT id, rank, 1 AS src FROM ${this.matches(terms, { newestPerType: opts.newestPerType, kind })}) GROUP BY id))`;
        },
      };
    },

    rankOf(terms, idColumn) {
      const fts = buildQueryString(terms);
      if (!fts || terms.some((t) => UNSPACED.test(t.text))) return null;
      return sql<
        number | null
      >`(SELECT rank FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${fts} AND rank MATCH ${sql.lit(RANK_FUNCTION)} AND rowid = CAST(${sql.ref(idColumn)} AS INTEGER))`;
    },
  };
}
