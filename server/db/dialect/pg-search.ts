import { sql, type Kysely, type RawBuilder } from 'kysely';
import { inverseFrequency, UNINDEXED_TRAILER, type MatchRow, type SearchIndexDialect, type SearchTerm } from './sqlite-search.js';
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

// Every piece of full-text SQL for PostgreSQL lives here: the search_index table (one weighted
// tsvector per visible post), the triggers that keep it in step with the question and answer tables,
// and the queries GET search joins. It gives the results the SQLite FTS5 engine gives (same syntax,
// same visibility rules, same orders); the differences are noted where they arise.

const INDEX = 'search_index';

// The text search configuration: PostgreSQL's english one (Snowball stemming, as FTS5's porter
// tokenizer stems) with its stop-word list left out, because FTS5 indexes every word: "how to"
// and phrases with "a" or "the" in them must find what they find on SQLite.
const CONFIG = 'search_english';

// Title hits weigh four times body hits (bm25(4.0, 1.0) on SQLite). Titles are weight A, bodies D;
// ts_rank takes the weights as {D, C, B, A}.
const WEIGHTS = sql.raw(`'{0.25, 0.25, 0.25, 1}'::float4[]`);
// ts_rank's normalisation 1 divides by 1 + log(length): longer posts weigh a hit a little less, as
// bm25's length part does.
const NORMALISATION = sql.raw('1');

// The pieces of a term that become query words: runs of letters, digits and marks. Everything else
// (every quote, backslash and tsquery operator among it) separates words, so user text never reaches
// tsquery syntax.
const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;
// The combining accents folded away on both sides (the index folds the same range, see INDEXED_TEXT),
// as FTS5's remove_diacritics does: "espréssò" finds "espresso".
const ACCENTS = /[\u0300-\u036f]/g;

// Ids are the 17-digit object ids; only those made of digits (and fitting a bigint) are indexed.
const NUMERIC_ID = `'^[0-9]{1,18}$'`;

// The index is counted exactly up to this many posts (and a term up to half of them); past it the
// planner's estimates are close enough.
const EXACT_SIZE_MAX = 20_000;
// On a larger index a term's posts are counted exactly up to this many only: each counted post is a
// heap visit (counting a common word up to a tenth of 400k posts took 500 ms), while the planner's
// estimate from the lexeme statistics (search_index.doc keeps 1,000 of them a sample, migration
// 2026_11_29_1600_search_index_statistics) is within a few per cent for a word in more posts than this.
const EXACT_TERM_MAX = 1000;

// Relevance over the whole index (rankedMatches): each term's best posts, its newest when ranking
// all of its posts would cost too much, and the best posts having every term, all scored exactly.
/** A term found in more posts than this is not ranked whole during a search: its newest posts are candidates. */
const LIST_COST_MAX = 8000;
/** Posts having every term are ranked when about this many or fewer have them all, and the terms together are in at most AND_COST_MAX posts. */
const ALL_TERMS_MAX = 2000;
const AND_COST_MAX = 40_000;
const ALL_TERMS_TOP = 50;
/** bm25's weight of a term in most posts (FTS5 floors it at 1e-6). */
const NO_WEIGHT = 1e-5;
/** How many of an unranked term's newest posts of each kind are candidates. */
const NEWEST_PER_TERM = 500;
/** How many of the best-scored candidates a search keeps. */
const CANDIDATES_MAX = 300;

// Text after the credit-line marker is not indexed (see UNINDEXED_TRAILER), and no post's text
// beyond its first 100,000 characters is: a tsvector holds at most 1 MB, and the API caps a post
// at 65,535 characters anyway.
const BODY = (col: string) =>
  `left(CASE WHEN strpos(${col}, '${UNINDEXED_TRAILER}') > 0 THEN left(${col}, strpos(${col}, '${UNINDEXED_TRAILER}') - 1) ELSE ${col} END, 100000)`;

/**
 * Creates the configuration, the functions, the table with its GIN index and the triggers.
 * Frozen in 2026_11_23_1300_create_search_index (written out there): a change here needs a migration.
 */
const DDL = [
  `CREATE TEXT SEARCH DICTIONARY ${CONFIG}_stem (TEMPLATE = snowball, LANGUAGE = english)`,
  `CREATE TEXT SEARCH CONFIGURATION ${CONFIG} (COPY = english)`,
  `ALTER TEXT SEARCH CONFIGURATION ${CONFIG} ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH ${CONFIG}_stem`,
  // The text as the index sees it: accents folded, and punctuation made a space, so that words split
  // as FTS5's unicode61 splits them (PostgreSQL's parser would keep "node.js", "e-mail" or
  // "a@b.com" whole, where a search for "node" or "mail" must find them).
  `CREATE FUNCTION search_index_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT regexp_replace(
       normalize(regexp_replace(normalize(t, NFD), '[\\u0300-\\u036f]', '', 'g'), NFC),
       '[\\u0021-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007e\\u00a0-\\u00a9\\u00ab-\\u00b1\\u00b4\\u00b6-\\u00b8\\u00bb\\u00bf\\u00d7\\u00f7\\u2000-\\u206f\\u3000-\\u3004\\u3008-\\u3020\\u3030\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65]',
       ' ', 'g')
   $$`,
  // A post's document: its title (weight A) and its body up to the credit line (weight D).
  `CREATE FUNCTION search_index_doc(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT setweight(to_tsvector('${CONFIG}', search_index_text(coalesce(title, ''))), 'A')
         || setweight(to_tsvector('${CONFIG}', search_index_text(coalesce(${BODY('body')}, ''))), 'D')
   $$`,
  `CREATE TABLE ${INDEX} (id bigint PRIMARY KEY, doc tsvector NOT NULL)`,
  `CREATE INDEX ${INDEX}_doc_idx ON ${INDEX} USING gin (doc)`,
  // 10,000 most common lexemes kept by ANALYZE, not 1,000 (migration 2026_11_29_1600_search_index_statistics)
  `ALTER TABLE ${INDEX} ALTER COLUMN doc SET STATISTICS 1000`,
  // Only posts a visitor may see are indexed: questions available or closed, answers available.
  sql`CREATE FUNCTION search_index_question() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       IF OLD.id ~ ${sql.raw(NUMERIC_ID)} THEN DELETE FROM ${sql.raw(INDEX)} WHERE id = OLD.id::bigint; END IF;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       IF ${questionVisible('NEW.status')} AND NEW.id ~ ${sql.raw(NUMERIC_ID)} THEN
         INSERT INTO ${sql.raw(INDEX)} (id, doc) VALUES (NEW.id::bigint, search_index_doc(NEW.title, NEW.original_text))
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc;
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  sql`CREATE FUNCTION search_index_answer() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       IF OLD.id ~ ${sql.raw(NUMERIC_ID)} THEN DELETE FROM ${sql.raw(INDEX)} WHERE id = OLD.id::bigint; END IF;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       IF ${answerVisible('NEW.status')} AND NEW.id ~ ${sql.raw(NUMERIC_ID)} THEN
         INSERT INTO ${sql.raw(INDEX)} (id, doc) VALUES (NEW.id::bigint, search_index_doc('', NEW.original_text))
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc;
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  // An update re-indexes the post only when what the index holds may have changed.
  `CREATE TRIGGER search_question_ai AFTER INSERT ON question FOR EACH ROW EXECUTE FUNCTION search_index_question()`,
  `CREATE TRIGGER search_question_au AFTER UPDATE OF title, original_text, status ON question FOR EACH ROW
     WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.original_text IS DISTINCT FROM NEW.original_text OR OLD.status IS DISTINCT FROM NEW.status)
     EXECUTE FUNCTION search_index_question()`,
  `CREATE TRIGGER search_question_ad AFTER DELETE ON question FOR EACH ROW EXECUTE FUNCTION search_index_question()`,
  `CREATE TRIGGER search_answer_ai AFTER INSERT ON answer FOR EACH ROW EXECUTE FUNCTION search_index_answer()`,
  `CREATE TRIGGER search_answer_au AFTER UPDATE OF original_text, status ON answer FOR EACH ROW
     WHEN (OLD.original_text IS DISTINCT FROM NEW.original_text OR OLD.status IS DISTINCT FROM NEW.status)
     EXECUTE FUNCTION search_index_answer()`,
  `CREATE TRIGGER search_answer_ad AFTER DELETE ON answer FOR EACH ROW EXECUTE FUNCTION search_index_answer()`,
];

const DROP = [
  `DROP TRIGGER IF EXISTS search_question_ai ON question`,
  `DROP TRIGGER IF EXISTS search_question_au ON question`,
  `DROP TRIGGER IF EXISTS search_question_ad ON question`,
  `DROP TRIGGER IF EXISTS search_answer_ai ON answer`,
  `DROP TRIGGER IF EXISTS search_answer_au ON answer`,
  `DROP TRIGGER IF EXISTS search_answer_ad ON answer`,
  `DROP FUNCTION IF EXISTS search_index_question()`,
  `DROP FUNCTION IF EXISTS search_index_answer()`,
  `DROP TABLE IF EXISTS ${INDEX}`,
  `DROP FUNCTION IF EXISTS search_index_doc(text, text)`,
  `DROP FUNCTION IF EXISTS search_index_text(text)`,
  `DROP TEXT SEARCH CONFIGURATION IF EXISTS ${CONFIG}`,
  `DROP TEXT SEARCH DICTIONARY IF EXISTS ${CONFIG}_stem`,
];

const FILL = [
  sql`INSERT INTO ${sql.raw(INDEX)} (id, doc) SELECT id::bigint, search_index_doc(title, original_text) FROM question WHERE ${questionVisible('status')} AND id ~ ${sql.raw(NUMERIC_ID)}`,
  sql`INSERT INTO ${sql.raw(INDEX)} (id, doc) SELECT id::bigint, search_index_doc('', original_text) FROM answer WHERE ${answerVisible('status')} AND id ~ ${sql.raw(NUMERIC_ID)}`,
];

/**
 * What one engine (one database) keeps between searches: each term's post count (reused for
 * COUNT_TTL_MS) and the index size last counted. Made with the engine, when the database is opened
 * (see createPgSearch), and gone with it.
 */
interface SearchMemory {
  counts: Map<string, { n: Promise<number>; at: number; posts: number }>;
  posts?: number;
}

/** Text with its combining accents folded away, as the index folds it. */
function fold(text: string): string {
  return text.normalize('NFD').replace(ACCENTS, '').normalize('NFC');
}

/** Whether a term can be matched by the token index (has letters or digits, none of an unspaced script). */
function tokenTerm(t: SearchTerm): boolean {
  return WORD_CHAR.test(t.text) && !UNSPACED.test(t.text);
}

/** Whether a word also matches as a prefix: words of 3+ letters unless settleTerms found them common. */
function isPrefix(t: SearchTerm): boolean {
  const letters = Array.from(t.text).filter((c) => WORD_CHAR.test(c)).length;
  return !t.phrase && letters >= 3 && t.prefix !== false;
}

/**
 * One term as tsquery text: its words quoted and in sequence (`<->`: a phrase, or a word that
 * punctuation splits, as FTS5 reads "node.js"), the last one a prefix when the term is. `weight`
 * (A: titles, D: bodies) keeps only hits of that part. The words hold only letters, digits and
 * marks, so the quoting can never be broken out of.
 */
function termQuery(t: SearchTerm, weight: '' | 'A' | 'D' = ''): string {
  const words = fold(t.text).match(TOKEN) ?? [];
  const prefix = isPrefix(t);
  return words.map((w, i) => `'${w}'${prefix && i === words.length - 1 ? `:*${weight}` : weight ? `:${weight}` : ''}`).join(' <-> ');
}

/** The terms as one tsquery text: alternatives. */
function buildQueryString(terms: SearchTerm[]): string {
  return terms
    .filter(tokenTerm)
    .map((t) => `(${termQuery(t)})`)
    .join(' | ');
}

/** A tsquery text as a query value; the text is always bound. */
function tsquery(text: string): RawBuilder<unknown> {
  return sql`to_tsquery(${sql.lit(CONFIG)}, ${text})`;
}

/**
 * A post's score for the terms (higher is better): per term, how informative it is (bm25's inverse
 * document frequency, from settleTerms) times ts_rank of the post for it, summed. Only terms the
 * post matches count (ts_rank alone credits a phrase's words wherever they are).
 */
function score(tokens: SearchTerm[], doc: RawBuilder<unknown>): RawBuilder<number> {
  const parts = tokens.map((t) => {
    const q = tsquery(termQuery(t));
    return sql`CASE WHEN ${doc} @@ ${q} THEN CAST(${t.idf ?? 1} AS float8) * ts_rank(${WEIGHTS}, ${doc}, ${q}, ${NORMALISATION}) ELSE 0 END`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

const KINDS = ['question', 'answer'] as const;
type Kind = (typeof KINDS)[number];

/** The SQL condition keeping index rows of one kind (all when none is given). */
function ofKind(kind: Kind | undefined, col = 'id'): RawBuilder<unknown> {
  return kind ? sql.raw(`${col} BETWEEN ${ID_RANGE[kind][0]} AND ${ID_RANGE[kind][1]}`) : sql.raw('true');
}

/** The ids of the `limit` newest posts of a kind matching a tsquery text. */
function newestIds(query: string, kind: Kind, limit: number): RawBuilder<unknown> {
  return sql`(SELECT id FROM ${sql.raw(INDEX)} WHERE doc @@ ${tsquery(query)} AND ${ofKind(kind)} ORDER BY id DESC LIMIT ${sql.lit(limit)})`;
}

/** The `limit` posts scoring best for the terms among those matching a tsquery text (ids). */
function bestIds(query: string, tokens: SearchTerm[], limit: number): RawBuilder<unknown> {
  return sql`(SELECT id FROM ${sql.raw(INDEX)} WHERE doc @@ ${tsquery(query)} ORDER BY ${score(tokens, sql.raw('doc'))} DESC, id DESC LIMIT ${sql.lit(limit)})`;
}

/** Index rows (id as text, rank: lower is better) whose ids a set of id subqueries gives, scored for the terms. */
function scoredRows(tokens: SearchTerm[], idSets: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`SELECT s.id::text AS id, -${score(tokens, sql.raw('s.doc'))} AS rank FROM ${sql.raw(INDEX)} s WHERE s.id IN (${sql.join(idSets, sql` UNION `)})`;
}

/** A column holding an object id as a bigint, or NULL when it is not one (never a failed cast). */
function idAsBigint(col: string): RawBuilder<unknown> {
  return sql`CASE WHEN ${sql.ref(col)} ~ ${sql.raw(NUMERIC_ID)} THEN CAST(${sql.ref(col)} AS bigint) END`;
}

/**
 * Posts containing an unspaced-script term, straight from the tables (the index cannot split such
 * text into words), each with rank -1 per term it contains; with `limit`, the newest of each kind.
 * The needle is bound and compared with strpos, so % and _ are plain characters.
 */
function substringRows(t: SearchTerm, kind: Kind | undefined, limit: number | undefined): RawBuilder<unknown>[] {
  const needle = t.text.replace(/\0/g, '');
  const cap = limit ? sql` ORDER BY id DESC LIMIT ${sql.lit(limit)}` : sql``;
  const rows: RawBuilder<unknown>[] = [];
  if (kind !== 'answer')
    rows.push(
      sql`(SELECT id::text AS id, CAST(-1 AS float8) AS rank FROM question WHERE ${questionVisible('status')} AND (strpos(lower(title), lower(${needle})) > 0 OR strpos(lower(original_text), lower(${needle})) > 0)${cap})`,
    );
  if (kind !== 'question')
    rows.push(
      sql`(SELECT id::text AS id, CAST(-1 AS float8) AS rank FROM answer WHERE ${answerVisible('status')} AND strpos(lower(original_text), lower(${needle})) > 0${cap})`,
    );
  return rows;
}

/** Rows (id, rank) given as bound arrays, as a derived table. */
function rowsTable(rows: [string, number][]): RawBuilder<MatchRow> {
  const ids = rows.map(([id]) => id);
  const ranks = rows.map(([, rank]) => rank);
  return sql<MatchRow>`(SELECT u.id, u.rank FROM unnest(CAST(${ids} AS text[]), CAST(${ranks} AS float8[])) AS u(id, rank))`;
}

/**
 * How many posts the index holds: counted exactly while small, else the planner's estimate
 * (kept by autovacuum), which is all the idf of a term needs. Remembered for rankedMatches.
 */
async function indexSize(db: Kysely<any>, memory: SearchMemory): Promise<number> {
  const row = (
    await sql<{ counted: string; estimate: number | null }>`SELECT
      (SELECT count(*) FROM (SELECT 1 FROM ${sql.raw(INDEX)} LIMIT ${sql.lit(EXACT_SIZE_MAX + 1)}) AS x) AS counted,
      (SELECT reltuples FROM pg_class WHERE oid = to_regclass(${INDEX})) AS estimate`.execute(db)
  ).rows[0];
  const counted = Number(row.counted);
  const posts = counted <= EXACT_SIZE_MAX ? counted : Math.max(counted, Number(row.estimate ?? 0));
  memory.posts = posts;
  return posts;
}

/** How many posts the planner expects a tsquery text to match (from ANALYZE's most common lexemes). */
async function estimated(db: Kysely<any>, query: string): Promise<number> {
  const { rows } = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${sql.raw(INDEX)} WHERE doc @@ ${tsquery(query)}`.execute(db);
  return Number(rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
}

/** The PostgreSQL full-text search engine of one database, with what it keeps between searches (see openPostgres). */
export function createPgSearch(): SearchIndexDialect {
  const memory: SearchMemory = { counts: new Map() };
  return {
    name: 'postgres',

    async createIndex(db) {
      for (const stmt of DDL) await (typeof stmt === 'string' ? sql.raw(stmt) : stmt).execute(db);
      await this.rebuildIndex(db);
    },

    async dropIndex(db) {
      for (const stmt of DROP) await sql.raw(stmt).execute(db);
    },

    async rebuildIndex(db) {
      // DELETE rather than TRUNCATE: searches running meanwhile keep seeing the old rows until commit
      await sql.raw(`DELETE FROM ${INDEX}`).execute(db);
      for (const stmt of FILL) await stmt.execute(db);
    },

    queryString: buildQueryString,

    async settleTerms(db, terms) {
      const cache = memory.counts;
      const now = Date.now();
      // a count is reused for COUNT_TTL_MS while the index keeps about the size it had
      const posts = await indexSize(db, memory);
      const drift = Math.max(10, posts * 0.01);
      /** Posts matching a tsquery text, counted up to `cap`; a count in progress is shared. */
      const count = (query: string, cap: number): Promise<number> => {
        const key = `${cap}:${query}`;
        const hit = cache.get(key);
        if (hit && now - hit.at < COUNT_TTL_MS && Math.abs(hit.posts - posts) <= drift) return hit.n;
        if (cache.size >= COUNT_CACHE_MAX) cache.clear();
        const n = sql<{
          n: string;
        }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.raw(INDEX)} WHERE doc @@ ${tsquery(query)} LIMIT ${sql.lit(cap)}) AS x`
          .execute(db)
          .then((r) => Number(r.rows[0].n));
        n.catch(() => cache.delete(key));
        cache.set(key, { n, at: now, posts });
        return n;
      };
      const cap = posts <= EXACT_SIZE_MAX ? Math.max(MIN_COUNT, Math.ceil(posts * COUNT_SHARE)) : EXACT_TERM_MAX;
      const out: SearchTerm[] = [];
      for (const t of terms) {
        if (!tokenTerm(t)) {
          out.push(t);
          continue;
        }
        const settled = t.phrase
          ? { ...t }
          : { ...t, prefix: (await count(termQuery({ ...t, prefix: false }), COMMON_WORD)) < COMMON_WORD };
        const query = termQuery(settled);
        let having = await count(query, cap);
        // a term in the share counted or more: counted on up to half the posts (past which bm25 gives
        // it no weight at all) while the index is small; on a large one each counted post is a heap
        // visit, so past EXACT_TERM_MAX the planner's estimate from the lexeme statistics stands in
        if (having >= cap)
          having =
            posts <= EXACT_SIZE_MAX
              ? await count(query, Math.ceil(posts / 2) + 1)
              : Math.min(posts, Math.max(cap, await estimated(db, query)));
        out.push({ ...settled, idf: inverseFrequency(posts, having), posts: having });
      }
      return out;
    },

    matches(terms, opts = {}) {
      const tokens = terms.filter(tokenTerm);
      const limit = opts.newestPerType;
      const parts: RawBuilder<unknown>[] = [];
      if (tokens.length && limit) {
        // Bounded: for each term, the newest `limit` posts of each kind that have it in their title,
        // and in their body (so title hits are not crowded out by newer body hits). The primary key
        // is walked downwards within the kind's id range, or the term's few posts sorted, whichever
        // the planner finds cheaper: a word found in half the site costs no more than a rare one.
        // Each post found is then scored for all the terms.
        const kinds = opts.kind ? [opts.kind] : KINDS;
        const ids = kinds.flatMap((kind) =>
          tokens.flatMap((t) =>
            (kind === 'question' ? (['A', 'D'] as const) : (['D'] as const)).map((w) => newestIds(termQuery(t, w), kind, limit)),
          ),
        );
        parts.push(sql`(${scoredRows(tokens, ids)})`);
      } else if (tokens.length) {
        parts.push(
          sql`(SELECT s.id::text AS id, -${score(tokens, sql.raw('s.doc'))} AS rank FROM ${sql.raw(INDEX)} s WHERE s.doc @@ ${tsquery(buildQueryString(tokens))} AND ${ofKind(opts.kind, 's.id')})`,
        );
      }
      for (const t of terms.filter((x) => UNSPACED.test(x.text))) parts.push(...substringRows(t, opts.kind, limit));
      if (parts.length === 0) return sql<MatchRow>`(SELECT CAST(NULL AS text) AS id, CAST(NULL AS float8) AS rank WHERE false)`;
      // a post found by several parts (token terms, each unspaced term) adds their ranks up
      return sql<MatchRow>`(SELECT p.id, CAST(SUM(p.rank) AS float8) AS rank FROM (${sql.join(parts, sql` UNION ALL `)}) AS p GROUP BY p.id)`;
    },

    async rankedMatches(db, terms) {
      const tokens = terms.filter(tokenTerm);
      if (tokens.length === 0 || terms.some((t) => UNSPACED.test(t.text))) return null;
      const posts = memory.posts ?? (await indexSize(db, memory));
      // A term found in too many posts to rank them all during a search, or in most posts (bm25 gives
      // it no weight, so its "best" posts would be arbitrary), brings its newest posts; every other
      // term its best. Each candidate is then scored exactly, so the order among them is the order
      // over the whole index.
      const unranked = (t: SearchTerm) => (t.posts ?? 0) > LIST_COST_MAX || (t.idf ?? 1) <= NO_WEIGHT;
      const newest = tokens.filter(unranked);
      // a newest list matters most when no term is ranked; else it only adds to the posts having a rarer term
      const perTerm = newest.length === tokens.length ? NEWEST_PER_TERM : NEWEST_PER_TERM / 5;
      const ids: RawBuilder<unknown>[] = [];
      for (const t of tokens) {
        if (unranked(t)) ids.push(...KINDS.map((kind) => newestIds(termQuery(t), kind, perTerm)));
        else ids.push(bestIds(termQuery(t), tokens, CHAMPIONS));
      }
      // posts having every term, when few are expected (the shares of posts having each term,
      // multiplied) and finding them is cheap
      const having = tokens.map((t) => t.posts ?? 0);
      const expected = having.reduce((n, h) => (n * h) / Math.max(1, posts), posts);
      if (tokens.length > 1 && expected <= ALL_TERMS_MAX && having.reduce((a, b) => a + b, 0) <= AND_COST_MAX)
        ids.push(bestIds(tokens.map((t) => `(${termQuery(t)})`).join(' & '), tokens, ALL_TERMS_TOP));
      const { rows } = await sql<{
        id: string;
        rank: number;
      }>`SELECT c.id, c.rank FROM (${scoredRows(tokens, ids)}) AS c ORDER BY c.rank, c.id DESC LIMIT ${sql.lit(CANDIDATES_MAX)}`.execute(
        db,
      );
      const kept = rows.map((r): [string, number] => [r.id, Number(r.rank)]);
      const inKind = (kind: Kind) => kept.filter(([id]) => inIdRange(id, kind));
      return {
        table: (kind, opts = {}) => {
          const best = rowsTable(kind ? inKind(kind) : kept);
          if (!opts.newestPerType) return best;
          // the best posts, then the newest matches not among them (for filters that may leave few of the best)
          return sql<MatchRow>`(SELECT DISTINCT ON (c.id) c.id, c.rank FROM (SELECT b.id, b.rank, 0 AS src FROM ${best} AS b UNION ALL SELECT n.id, n.rank, 1 AS src FROM ${this.matches(terms, { newestPerType: opts.newestPerType, kind })} AS n) AS c ORDER BY c.id, c.src)`;
        },
      };
    },

    rankOf(terms, idColumn) {
      const tokens = terms.filter(tokenTerm);
      if (tokens.length === 0 || terms.some((t) => UNSPACED.test(t.text))) return null;
      return sql<
        number | null
      >`(SELECT -${score(tokens, sql.raw('s.doc'))} FROM ${sql.raw(INDEX)} s WHERE s.id = ${idAsBigint(idColumn)} AND s.doc @@ ${tsquery(buildQueryString(tokens))})`;
    },
  };
}
