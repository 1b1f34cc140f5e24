import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// SQLite's instr(haystack, needle) (1-based position, 0 when absent) is used by the repositories'
// substring filters; PostgreSQL names it strpos. This gives PostgreSQL an instr with SQLite's meaning,
// so those queries run unchanged on both. On SQLite it does nothing. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create or replace function instr(haystack text, needle text) returns integer
    language sql immutable strict parallel safe as 'select strpos(haystack, needle)'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop function if exists instr(text, text)`.execute(db);
}
