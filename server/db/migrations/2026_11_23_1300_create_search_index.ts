import type { Kysely } from 'kysely';
import { sqliteSearch } from '../dialect/sqlite-search.js';

/** search_index: the full-text index of questions and answers, kept in sync by triggers. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await sqliteSearch.createIndex(db);
}

/** Drops the index and its triggers. */
export async function down(db: Kysely<any>): Promise<void> {
  await sqliteSearch.dropIndex(db);
}
