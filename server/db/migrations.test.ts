import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteSearch } from './dialect/sqlite-search.js';
import { MIGRATIONS, migrationProvider } from './migrations/index.js';

// Migrations are frozen: a site created at any earlier migration and brought up to head must end
// with the very schema of a site created at head, and that schema must be the one today's code
// expects (the search dialect's triggers).

const NAMES = Object.keys(MIGRATIONS);
const HEAD = NAMES[NAMES.length - 1];
const open: Kysely<any>[] = [];

function memoryDb(): Kysely<any> {
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });
  open.push(db);
  return db;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
});

async function migrateTo(db: Kysely<any>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(name);
  if (error) throw error;
}

/** The schema as sqlite_master has it (kysely's own bookkeeping left out), whitespace normalised, sorted. */
async function schemaOf(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'kysely_%'`.execute(db);
  return rows.map((r) => `${r.type} ${r.name}: ${(r.sql ?? '').replace(/\s+/g, ' ').trim()}`).sort();
}

/** Adds a question as an import writes it: its text ends with a credit line after the marker. */
async function addImportedQuestion(db: Kysely<any>, id: string): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db); // no author row: only the index is looked at
  await sql`INSERT INTO question (id, user_id, title, original_text, parsed_text, status, post_update_time, created_at, updated_at)
    VALUES (${id}, 1, 'Grinding coffee', ${'How fine for espresso? <!-- attribution --> From Brewtopia'}, '', 1, 0, 0, 0)`.execute(db);
}

async function searchIds(db: Kysely<any>, word: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`SELECT CAST(rowid AS TEXT) AS id FROM search_index WHERE search_index MATCH ${word}`.execute(
    db,
  );
  return rows.map((r) => r.id);
}

describe('migrations', () => {
  it.each(NAMES.slice(0, -1))('a site created at %s and migrated to head has the schema of a site created at head', async (first) => {
    const fresh = memoryDb();
    await migrateTo(fresh, HEAD);
    const older = memoryDb();
    await migrateTo(older, first);
    await migrateTo(older, HEAD);
    expect(await schemaOf(older)).toEqual(await schemaOf(fresh));
  });

  it("head's search index and triggers are the ones the search dialect creates today", async () => {
    const head = memoryDb();
    await migrateTo(head, HEAD);
    const current = memoryDb();
    await migrateTo(current, HEAD);
    const sqliteSearch = createSqliteSearch();
    await sqliteSearch.dropIndex(current);
    await sqliteSearch.createIndex(current);
    expect(await schemaOf(head)).toEqual(await schemaOf(current));
  });

  it('a site created before the credit line was left out of the index stops matching it once migrated', async () => {
    const db = memoryDb();
    await migrateTo(db, '2026_11_23_1920_index_search_briefs');
    await addImportedQuestion(db, '10010000000000001');
    expect(await searchIds(db, 'brewtopia')).toEqual(['10010000000000001']);
    await migrateTo(db, HEAD);
    expect(await searchIds(db, 'brewtopia')).toEqual([]);
    expect(await searchIds(db, 'espresso')).toEqual(['10010000000000001']);
    // and the replaced triggers keep doing so for posts written after the upgrade
    await addImportedQuestion(db, '10010000000000002');
    expect(await searchIds(db, 'brewtopia')).toEqual([]);
    expect(await searchIds(db, 'espresso')).toEqual(['10010000000000001', '10010000000000002']);
  });

  it("a site created before posts kept their vote tally has each post's active votes counted into it", async () => {
    const db = memoryDb();
    await migrateTo(db, '2026_11_27_1000_create_search_term_list');
    await addImportedQuestion(db, '10010000000000001');
    await addImportedQuestion(db, '10010000000000002');
    // question.vote_up 28, question.vote_down 27; one vote taken back; an owner's row (3) is not a vote
    const votes: [number, number, number][] = [
      [28, 0, 2],
      [28, 0, 3],
      [28, 1, 4],
      [27, 0, 5],
      [3, 0, 1],
    ];
    for (const [type, cancelled, user] of votes)
      await sql`INSERT INTO activity (user_id, object_id, original_object_id, activity_type, cancelled, created_at, updated_at)
        VALUES (${user}, '10010000000000001', '10010000000000001', ${type}, ${cancelled}, 0, 0)`.execute(db);
    await migrateTo(db, HEAD);
    const { rows } = await sql<{
      id: string;
      up_votes: number;
      down_votes: number;
    }>`SELECT id, up_votes, down_votes FROM question ORDER BY id`.execute(db);
    expect(rows).toEqual([
      { id: '10010000000000001', up_votes: 2, down_votes: 1 },
      { id: '10010000000000002', up_votes: 0, down_votes: 0 },
    ]);
  });

  it("a site created before the lists' totals were kept has them counted, and kept from then on", async () => {
    const db = memoryDb();
    await migrateTo(db, '2026_11_27_1100_post_vote_tallies');
    await sql`PRAGMA foreign_keys = OFF`.execute(db);
    // shown and open, open with an answer, closed, hidden, pending (status 11), deleted (10)
    const rows: [number, number, number][] = [
      [1, 1, 0],
      [1, 1, 2],
      [1, 2, 0],
      [2, 1, 0],
      [1, 11, 0],
      [1, 10, 0],
    ];
    for (const [i, [show, status, answers]] of rows.entries())
      await sql`INSERT INTO question (id, user_id, title, original_text, parsed_text, status, show, answer_count, post_update_time, created_at, updated_at)
        VALUES (${`1001000000000000${i + 1}`}, 1, 'Lamp oil', 'Which one?', '', ${status}, ${show}, ${answers}, 0, 0, 0)`.execute(db);
    await migrateTo(db, HEAD);
    const totals = async () =>
      Object.fromEntries(
        (await sql<{ name: string; n: number }>`SELECT name, n FROM question_total`.execute(db)).rows.map((r) => [r.name, r.n]),
      );
    expect(await totals()).toEqual({ listed: 3, unanswered: 1 });
    await sql`UPDATE question SET status = 1 WHERE status = 11`.execute(db);
    await sql`UPDATE question SET answer_count = 1 WHERE id = '10010000000000001'`.execute(db);
    expect(await totals()).toEqual({ listed: 4, unanswered: 1 });
    await sql`DELETE FROM question WHERE show = 1 AND status = 2`.execute(db);
    expect(await totals()).toEqual({ listed: 3, unanswered: 1 });
  });

  it('the newest migration goes back down and up again to the same schema', async () => {
    const db = memoryDb();
    await migrateTo(db, HEAD);
    const before = await schemaOf(db);
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await schemaOf(db)).toEqual(before);
  });
});
