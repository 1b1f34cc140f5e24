import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect/handle.js';

// PostgreSQL's full-text search weighs each word by how many posts have it. Counting that on a large
// index visits every post counted (half a second for a common word on the 100k bench site), so past
// a thousand posts the search takes the planner's estimate from ANALYZE's most common lexemes. By
// default those keep about 1,000 lexemes, and any rarer word is estimated at one fixed figure (1,996
// posts on the bench site, for words in 160 to 4,000 posts); keeping 10,000 of them (statistics
// 1000) gives words in about 400 posts or more their own figure, within a few per cent. SQLite
// counts with its own index and needs nothing. Frozen.

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`ALTER TABLE search_index ALTER COLUMN doc SET STATISTICS 1000`.execute(db);
  await sql`ANALYZE search_index`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`ALTER TABLE search_index ALTER COLUMN doc SET STATISTICS -1`.execute(db);
}
