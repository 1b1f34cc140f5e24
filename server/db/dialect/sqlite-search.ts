import { sql, type Kysely, type RawBuilder } from 'kysely';

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
   * how many posts have it (counted up to COUNT_SHARE of the index, kept for a while).
   */
  settleTerms(db: Kysely<any>, terms: SearchTerm[]): Promise<SearchTerm[]>;
  /** The terms as the engine's query string (exposed for tests). */
  queryString(terms: SearchTerm[]): string;
}

const INDEX = 'search_index';
// Title hits weigh more than body hits (bm25 column weights: title, body).
const RANK_FUNCTION = 'bm25(4.0, 1.0)';
// Scripts written without spaces: the unicode61 tokenizer keeps a whole run as one token, so
// these terms are matched as substrings of the stored text instead.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

// Only posts a visitor may see are indexed: questions available or closed, answers available.
const QUESTION_VISIBLE = 'new.status IN (1, 2)';
const ANSWER_VISIBLE = 'new.status = 1';
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

const DDL = [
  `CREATE VIRTUAL TABLE ${INDEX} USING fts5(title, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`,
  `CREATE TRIGGER search_question_ai AFTER INSERT ON question WHEN ${QUESTION_VISIBLE} AND ${numericId('new.id')} BEGIN
     INSERT INTO ${INDEX}(rowid, title, body) VALUES (CAST(new.id AS INTEGER), new.title, ${indexed('new.original_text')});
   END`,
  `CREATE TRIGGER search_question_au AFTER UPDATE OF title, original_text, status ON question BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
     INSERT INTO ${INDEX}(rowid, title, body) SELECT CAST(new.id AS INTEGER), new.title, ${indexed('new.original_text')} WHERE ${QUESTION_VISIBLE} AND ${numericId('new.id')};
   END`,
  `CREATE TRIGGER search_question_ad AFTER DELETE ON question BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
   END`,
  `CREATE TRIGGER search_answer_ai AFTER INSERT ON answer WHEN ${ANSWER_VISIBLE} AND ${numericId('new.id')} BEGIN
     INSERT INTO ${INDEX}(rowid, title, body) VALUES (CAST(new.id AS INTEGER), '', ${indexed('new.original_text')});
   END`,
  `CREATE TRIGGER search_answer_au AFTER UPDATE OF original_text, status ON answer BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
     INSERT INTO ${INDEX}(rowid, title, body) SELECT CAST(new.id AS INTEGER), '', ${indexed('new.original_text')} WHERE ${ANSWER_VISIBLE} AND ${numericId('new.id')};
   END`,
  `CREATE TRIGGER search_answer_ad AFTER DELETE ON answer BEGIN
     DELETE FROM ${INDEX} WHERE rowid = CAST(old.id AS INTEGER) AND ${numericId('old.id')};
   END`,
];

// The id ranges of questions and answers ("1" + 3-digit type + 13-digit counter), as SQL integers.
const ID_RANGE = { question: ['10010000000000000', '10019999999999999'], answer: ['10020000000000000', '10029999999999999'] } as const;

// A word found in this many posts is common: it matches only as itself (settleTerms).
const COMMON_WORD = 200;
// Terms are counted up to this share of the indexed posts (at least MIN_COUNT): a term found in
// more is weighed as if found in that many (its weight is small either way).
const COUNT_SHARE = 0.1;
const MIN_COUNT = 5;
// bm25's term-frequency part (k1 = 1.2) for a title hit (weight 4) and a body hit (weight 1).
const TITLE_SCORE = (4 * 2.2) / (4 + 1.2);
const BODY_SCORE = 1;
// How long a counted term or index size is reused: counts move little from one search to the next.
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 5000;

/** Per database: the index size and each term's post count, reused for COUNT_TTL_MS. */
const counts = new WeakMap<object, { size: { n: number; at: number } | null; terms: Map<string, { n: number; at: number }> }>();

function countsOf(db: Kysely<any>) {
  let c = counts.get(db);
  if (!c) counts.set(db, (c = { size: null, terms: new Map() }));
  return c;
}

/** bm25's inverse document frequency as FTS5 computes it (never below 1e-6). */
export function inverseFrequency(posts: number, having: number): number {
  const idf = Math.log((posts - having + 0.5) / (having + 0.5));
  return idf > 0 ? idf : 1e-6;
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

/** The SQLite FTS5 search engine. */
export const sqliteSearch: SearchIndexDialect = {
  name: 'sqlite-fts5',

  async createIndex(db) {
    for (const stmt of DDL) await sql.raw(stmt).execute(db);
    await this.rebuildIndex(db);
  },

  async dropIndex(db) {
    for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS ${INDEX}`).execute(db);
  },

  async rebuildIndex(db) {
    await sql.raw(`INSERT INTO ${INDEX}(${INDEX}) VALUES ('delete-all')`).execute(db);
    await sql
      .raw(
        `INSERT INTO ${INDEX}(rowid, title, body) SELECT CAST(id AS INTEGER), title, ${indexed('original_text')} FROM question WHERE status IN (1, 2) AND ${numericId('id')}`,
      )
      .execute(db);
    await sql
      .raw(
        `INSERT INTO ${INDEX}(rowid, title, body) SELECT CAST(id AS INTEGER), '', ${indexed('original_text')} FROM answer WHERE status = 1 AND ${numericId('id')}`,
      )
      .execute(db);
  },

  queryString: buildQueryString,

  async settleTerms(db, terms) {
    const cache = countsOf(db);
    const now = Date.now();
    /** Posts matching an FTS5 query string, counted up to `cap`. */
    const count = async (query: string, cap: number): Promise<number> => {
      const key = `${cap}:${query}`;
      const hit = cache.terms.get(key);
      if (hit && now - hit.at < COUNT_TTL_MS) return hit.n;
      const { n } = (
        await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${query} LIMIT ${sql.lit(cap)})`.execute(
          db,
        )
      ).rows[0];
      if (cache.terms.size >= COUNT_CACHE_MAX) cache.terms.clear();
      cache.terms.set(key, { n: Number(n), at: now });
      return Number(n);
    };
    if (!cache.size || now - cache.size.at >= COUNT_TTL_MS) {
      const { n } = (await sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.raw(`${INDEX}_docsize`)}`.execute(db)).rows[0];
      cache.size = { n: Number(n), at: now };
    }
    const posts = cache.size.n;
    const cap = Math.max(MIN_COUNT, Math.ceil(posts * COUNT_SHARE));
    const out: SearchTerm[] = [];
    for (const t of terms) {
      if (!tokenTerm(t)) {
        out.push(t);
        continue;
      }
      const settled = t.phrase ? { ...t } : { ...t, prefix: (await count(ftsString(t.text), COMMON_WORD)) < COMMON_WORD };
      const having = await count(buildQueryString([settled]), cap);
      out.push({ ...settled, idf: inverseFrequency(posts, having) });
    }
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
            sql`SELECT * FROM (SELECT id, ${tag(i)}-1.0 AS rank FROM question WHERE status IN (1, 2) AND (instr(lower(title), ${needle}) > 0 OR instr(lower(original_text), ${needle}) > 0)${cap})`,
          );
        if (opts.kind !== 'question')
          parts.push(
            sql`SELECT * FROM (SELECT id, ${tag(i)}-1.0 AS rank FROM answer WHERE status = 1 AND instr(lower(original_text), ${needle}) > 0${cap})`,
          );
      });
    if (parts.length === 0) return sql<MatchRow>`(SELECT CAST(NULL AS TEXT) AS id, CAST(NULL AS REAL) AS rank WHERE 0)`;
    if (limit) {
      // per post and term the better column, summed over the terms
      return sql<MatchRow>`(SELECT id, SUM(rank) AS rank FROM (SELECT id, MIN(rank) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) GROUP BY id, t) GROUP BY id)`;
    }
    return sql<MatchRow>`(SELECT id, SUM(rank) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) GROUP BY id)`;
  },

  rankOf(terms, idColumn) {
    const fts = buildQueryString(terms);
    if (!fts || terms.some((t) => UNSPACED.test(t.text))) return null;
    return sql<
      number | null
    >`(SELECT rank FROM ${sql.raw(INDEX)} WHERE ${sql.raw(INDEX)} MATCH ${fts} AND rank MATCH ${sql.lit(RANK_FUNCTION)} AND rowid = CAST(${sql.ref(idColumn)} AS INTEGER))`;
  },
};
