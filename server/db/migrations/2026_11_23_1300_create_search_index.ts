import { sql, type Kysely } from 'kysely';

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

/** Creates the index and its triggers, then indexes the posts already there. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const stmt of UP) await sql.raw(stmt).execute(db);
}

/** Drops the index and its triggers. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw('DROP TABLE IF EXISTS search_index').execute(db);
}
