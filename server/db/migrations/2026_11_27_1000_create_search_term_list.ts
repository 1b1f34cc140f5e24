import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// search_term_list: each common word's best posts by bm25, made ahead of time by a background job
// (refreshTermLists in server/db/dialect/sqlite-search.ts) instead of by the first search that meets
// the word; search_vocab: FTS5's own list of the index's words and how many posts have each, which
// that job reads to know which words are common. SQLite only: PostgreSQL ranks with its own index.
// Frozen: the SQL is written out here as the search dialect defines it on 2026-11-27.

const UP = [
  `CREATE TABLE search_term_list (term TEXT NOT NULL PRIMARY KEY, post_count INTEGER NOT NULL, index_posts INTEGER NOT NULL, newest_question TEXT NOT NULL, newest_answer TEXT NOT NULL, made_at INTEGER NOT NULL, ids BLOB NOT NULL, scores BLOB NOT NULL)`,
  `CREATE VIRTUAL TABLE search_vocab USING fts5vocab(search_index, row)`,
];

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  for (const stmt of UP) await sql.raw(stmt).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'sqlite') return;
  await sql.raw('DROP TABLE IF EXISTS search_vocab').execute(db);
  await sql.raw('DROP TABLE IF EXISTS search_term_list').execute(db);
}
