import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// question_total: how many questions the unfiltered question lists hold, kept by triggers on
// question, so a list's total is one row instead of a walk over every question. The lists' totals
// were cached until the next question or answer: under a steady stream of posts every list page
// walked the whole table again (8 ms at 100k questions, on a read worker).
//   listed:     shown, open or closed (the newest, hot, score and frequent lists)
//   unanswered: shown, open, without answers (the unanswered list)
// SQLite only: PostgreSQL counts as before. Frozen: the statuses are written out (show 1 = shown,
// status 1 = available, 2 = closed).

const LISTED = (row: string) => `(${row}.show = 1 AND ${row}.status IN (1, 2))`;
const UNANSWERED = (row: string) => `(${row}.show = 1 AND ${row}.status = 1 AND ${row}.answer_count = 0)`;
const move = (delta: (pred: (row: string) => string) => string) =>
  `UPDATE question_total SET n = n + ${delta(LISTED)} WHERE name = 'listed';
   UPDATE question_total SET n = n + ${delta(UNANSWERED)} WHERE name = 'unanswered';`;

const UP = [
  `CREATE TABLE question_total (name TEXT NOT NULL PRIMARY KEY, n INTEGER NOT NULL)`,
  `INSERT INTO question_total (name, n) VALUES
     ('listed', (SELECT count(*) FROM question q WHERE ${LISTED('q')})),
     ('unanswered', (SELECT count(*) FROM question q WHERE ${UNANSWERED('q')}))`,
  `CREATE TRIGGER question_total_insert AFTER INSERT ON question BEGIN ${move((p) => p('new'))} END`,
  `CREATE TRIGGER question_total_delete AFTER DELETE ON question BEGIN ${move((p) => `-${p('old')}`)} END`,
  `CREATE TRIGGER question_total_update AFTER UPDATE OF show, status, answer_count ON question BEGIN ${move((p) => `${p('new')} - ${p('old')}`)} END`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const stmt of UP) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const t of ['question_total_insert', 'question_total_delete', 'question_total_update'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql.raw('DROP TABLE IF EXISTS question_total').execute(db);
}
