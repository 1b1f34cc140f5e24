import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// The search triggers leave out the credit line under imported posts (text after an
// <!-- attribution --> marker), so a site's name does not match every imported post. Commit 681039d
// changed the search dialect's triggers to do so without a migration: sites created before it kept
// the old triggers. This step brings every site to these definitions and re-indexes the posts (on a
// site of 100k questions and 300k answers, a few seconds once). Frozen: the SQL is written out here.

// A post's text up to the credit-line marker (all of it when there is none).
const BODY = (col: string) =>
  `CASE WHEN instr(${col}, '<!-- attribution -->') > 0 THEN substr(${col}, 1, instr(${col}, '<!-- attribution -->') - 1) ELSE ${col} END`;

const TRIGGERS = [
  'search_question_ai',
  'search_question_au',
  'search_question_ad',
  'search_answer_ai',
  'search_answer_au',
  'search_answer_ad',
];

const CREATE = [
  `CREATE TRIGGER search_question_ai AFTER INSERT ON question WHEN new.status IN (1, 2) AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18 BEGIN
     INSERT INTO search_index(rowid, title, body) VALUES (CAST(new.id AS INTEGER), new.title, ${BODY('new.original_text')});
   END`,
  `CREATE TRIGGER search_question_au AFTER UPDATE OF title, original_text, status ON question BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
     INSERT INTO search_index(rowid, title, body) SELECT CAST(new.id AS INTEGER), new.title, ${BODY('new.original_text')} WHERE new.status IN (1, 2) AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18;
   END`,
  `CREATE TRIGGER search_question_ad AFTER DELETE ON question BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
   END`,
  `CREATE TRIGGER search_answer_ai AFTER INSERT ON answer WHEN new.status = 1 AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18 BEGIN
     INSERT INTO search_index(rowid, title, body) VALUES (CAST(new.id AS INTEGER), '', ${BODY('new.original_text')});
   END`,
  `CREATE TRIGGER search_answer_au AFTER UPDATE OF original_text, status ON answer BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
     INSERT INTO search_index(rowid, title, body) SELECT CAST(new.id AS INTEGER), '', ${BODY('new.original_text')} WHERE new.status = 1 AND new.id <> '' AND new.id NOT GLOB '*[^0-9]*' AND length(new.id) <= 18;
   END`,
  `CREATE TRIGGER search_answer_ad AFTER DELETE ON answer BEGIN
     DELETE FROM search_index WHERE rowid = CAST(old.id AS INTEGER) AND old.id <> '' AND old.id NOT GLOB '*[^0-9]*' AND length(old.id) <= 18;
   END`,
];

// The 2026_11_23_1300 triggers, for going back down.
const PREVIOUS = CREATE.map((stmt) =>
  stmt.replace(
    /CASE WHEN instr\(new\.original_text, '<!-- attribution -->'\) > 0 THEN substr\(new\.original_text, 1, instr\(new\.original_text, '<!-- attribution -->'\) - 1\) ELSE new\.original_text END/g,
    'new.original_text',
  ),
);

async function reindex(db: Kysely<any>, body: (col: string) => string): Promise<void> {
  await sql.raw(`INSERT INTO search_index(search_index) VALUES ('delete-all')`).execute(db);
  await sql
    .raw(
      `INSERT INTO search_index(rowid, title, body) SELECT CAST(id AS INTEGER), title, ${body('original_text')} FROM question WHERE status IN (1, 2) AND id <> '' AND id NOT GLOB '*[^0-9]*' AND length(id) <= 18`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO search_index(rowid, title, body) SELECT CAST(id AS INTEGER), '', ${body('original_text')} FROM answer WHERE status = 1 AND id <> '' AND id NOT GLOB '*[^0-9]*' AND length(id) <= 18`,
    )
    .execute(db);
}

/** Replaces the triggers with ones that skip the credit line, and re-indexes every post. */
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL's index (2026_11_23_1300) has always left the credit line out
  if (engineOf(db) === 'postgres') return;
  for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  for (const stmt of CREATE) await sql.raw(stmt).execute(db);
  await reindex(db, BODY);
}

/** Puts back the triggers that index the whole text, and re-indexes every post. */
export async function down(db: Kysely<any>): Promise<void> {
  // nothing was changed on PostgreSQL, so nothing is put back
  if (engineOf(db) === 'postgres') return;
  for (const t of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  for (const stmt of PREVIOUS) await sql.raw(stmt).execute(db);
  await reindex(db, (col) => col);
}
