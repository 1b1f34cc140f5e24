import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// search_index: the full-text index of questions and answers, kept in sync by triggers. Frozen: the
// SQL is written out here as it was on 2026-11-23 (commit 9f11d5d), not imported from the search
// dialect, so a later change of the dialect's definitions cannot change what this step creates.
// Later definitions come with their own migrations (2026_11_25_1920_search_index_skip_credit_line).

const UP = [
  `CREATE VIRTUAL TABLE search_index USING fts5(title, body, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`,
  `CREATE TRIGGER search_question_ai AFTER INSERT ON question WHEN new.status IN (1, 2) AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18 BEGIN
     INSERT INTO search_index(rowid, title, body) VALUES (CAST(new.id AS INTEGER), new.title, new.original_text);
   END`,
  `CREATE TRIGGER search_question_au AFTER UPDATE OF title, original_text, status ON question BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
     INSERT INTO search_index(rowid, title, body) SELECT CAST(new.id AS INTEGER), new.title, new.original_text WHERE new.status IN (1, 2) AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18;
   END`,
  `CREATE TRIGGER search_question_ad AFTER DELETE ON question BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
   END`,
  `CREATE TRIGGER search_answer_ai AFTER INSERT ON answer WHEN new.status = 1 AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18 BEGIN
     INSERT INTO search_index(rowid, title, body) VALUES (CAST(new.id AS INTEGER), '', new.original_text);
   END`,
  `CREATE TRIGGER search_answer_au AFTER UPDATE OF original_text, status ON answer BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
     INSERT INTO search_index(rowid, title, body) SELECT CAST(new.id AS INTEGER), '', new.original_text WHERE new.status = 1 AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18;
   END`,
  `CREATE TRIGGER search_answer_ad AFTER DELETE ON answer BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
   END`,
  // fill it from the posts already there
  `INSERT INTO search_index(rowid, title, body) SELECT CAST(id AS INTEGER), title, original_text FROM question WHERE status IN (1, 2) AND id <> '' AND id NOT GLOB '*[^0-9]*' AND length(id) <= 18`,
  `INSERT INTO search_index(rowid, title, body) SELECT CAST(id AS INTEGER), '', original_text FROM answer WHERE status = 1 AND id <> '' AND id NOT GLOB '*[^0-9]*' AND length(id) <= 18`,
];

const TRIGGERS = [
  'search_question_ai',
  'search_question_au',
  'search_question_ad',
  'search_answer_ai',
  'search_answer_au',
  'search_answer_ad',
];

// PostgreSQL: the same index as a table of weighted tsvectors (title A, body D up to the credit-line
// marker) with a GIN index, kept in sync by plpgsql triggers with the same visibility rules. The
// configuration is english without its stop words (FTS5 indexes every word); the text is folded
// (accents) and its punctuation made spaces, so words split as FTS5's unicode61 splits them. Frozen:
// written out as server/db/dialect/pg-search.ts defined it when PostgreSQL support came. This index
// leaves out the credit line from the start: 2026_11_25_1920 has nothing to do on PostgreSQL.
const PG_UP = [
  `CREATE TEXT SEARCH DICTIONARY search_english_stem (TEMPLATE = snowball, LANGUAGE = english)`,
  `CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english)`,
  `ALTER TEXT SEARCH CONFIGURATION search_english ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH search_english_stem`,
  `CREATE FUNCTION search_index_text(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT regexp_replace(
       normalize(regexp_replace(normalize(t, NFD), '[\\u0300-\\u036f]', '', 'g'), NFC),
       '[\\u0021-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007e\\u00a0-\\u00a9\\u00ab-\\u00b1\\u00b4\\u00b6-\\u00b8\\u00bb\\u00bf\\u00d7\\u00f7\\u2000-\\u206f\\u3000-\\u3004\\u3008-\\u3020\\u3030\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65]',
       ' ', 'g')
   $$`,
  `CREATE FUNCTION search_index_doc(title text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
     SELECT setweight(to_tsvector('search_english', search_index_text(coalesce(title, ''))), 'A')
         || setweight(to_tsvector('search_english', search_index_text(coalesce(left(CASE WHEN strpos(body, '<!-- attribution -->') > 0 THEN left(body, strpos(body, '<!-- attribution -->') - 1) ELSE body END, 100000), ''))), 'D')
   $$`,
  `CREATE TABLE search_index (id bigint PRIMARY KEY, doc tsvector NOT NULL)`,
  `CREATE INDEX search_index_doc_idx ON search_index USING gin (doc)`,
  `CREATE FUNCTION search_index_question() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       IF OLD.id ~ '^[0-9]{1,18}$' THEN DELETE FROM search_index WHERE id = OLD.id::bigint; END IF;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       IF NEW.status IN (1, 2) AND NEW.id ~ '^[0-9]{1,18}$' THEN
         INSERT INTO search_index (id, doc) VALUES (NEW.id::bigint, search_index_doc(NEW.title, NEW.original_text))
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc;
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE FUNCTION search_index_answer() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP <> 'INSERT' THEN
       IF OLD.id ~ '^[0-9]{1,18}$' THEN DELETE FROM search_index WHERE id = OLD.id::bigint; END IF;
     END IF;
     IF TG_OP <> 'DELETE' THEN
       IF NEW.status = 1 AND NEW.id ~ '^[0-9]{1,18}$' THEN
         INSERT INTO search_index (id, doc) VALUES (NEW.id::bigint, search_index_doc('', NEW.original_text))
           ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc;
       END IF;
     END IF;
     RETURN NULL;
   END $$`,
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
  // fill it from the posts already there
  `INSERT INTO search_index (id, doc) SELECT id::bigint, search_index_doc(title, original_text) FROM question WHERE status IN (1, 2) AND id ~ '^[0-9]{1,18}$'`,
  `INSERT INTO search_index (id, doc) SELECT id::bigint, search_index_doc('', original_text) FROM answer WHERE status = 1 AND id ~ '^[0-9]{1,18}$'`,
];

const PG_DOWN = [
  `DROP TRIGGER IF EXISTS search_question_ai ON question`,
  `DROP TRIGGER IF EXISTS search_question_au ON question`,
  `DROP TRIGGER IF EXISTS search_question_ad ON question`,
  `DROP TRIGGER IF EXISTS search_answer_ai ON answer`,
  `DROP TRIGGER IF EXISTS search_answer_au ON answer`,
  `DROP TRIGGER IF EXISTS search_answer_ad ON answer`,
  `DROP FUNCTION IF EXISTS search_index_question()`,
  `DROP FUNCTION IF EXISTS search_index_answer()`,
  `DROP TABLE IF EXISTS search_index`,
  `DROP FUNCTION IF EXISTS search_index_doc(text, text)`,
  `DROP FUNCTION IF EXISTS search_index_text(text)`,
  `DROP TEXT SEARCH CONFIGURATION IF EXISTS search_english`,
  `DROP TEXT SEARCH DICTIONARY IF EXISTS search_english_stem`,
];

/** Creates the index and its triggers, then indexes the posts already there. */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const stmt of PG_UP) await sql.raw(stmt).execute(db);
    return;
  }
  for (const stmt of UP) await sql.raw(stmt).execute(db);
}

/** Drops the index and its triggers. */
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    for (const stmt of PG_DOWN) await sql.raw(stmt).execute(db);
    return;
  }
  for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw('DROP TABLE IF EXISTS search_index').execute(db);
}
