import { OBJECT_TYPE } from '../contract/enums.js';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/test-app.js';
import { votersRows } from '../modules/vote/vote.repository.js';
import { countUnreviewed, pageUnreviewed } from '../modules/revision/revision.repository.js';
import { hotScoreInputs } from '../modules/question/question.repository.js';
import { prepareSearch } from '../modules/search/search.service.js';
import type { Database as Schema } from './database.js';
import { onPostgres } from '../../tests/support/pg-test-db.js';

// Reads on hot paths whose tables grow with the site must be answered through an index (the plan
// SQLite picks for the very query the code makes), not by reading the table row by row.
let app: TestApp;
let raw: Database.Database;
let db: Kysely<Schema>;
const seen: CompiledQuery[] = [];

beforeAll(async () => {
  // SQLite's planner: PostgreSQL plans for itself, from its statistics
  if (onPostgres) return;
  app = await startTestApp();
  raw = new Database(join(app.dataDir, 'lantern.db'), { readonly: true });
  db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }), log: (e) => void seen.push(e.query) });
});

afterAll(async () => {
  if (onPostgres) return;
  await db.destroy();
  await app.stop();
});

/** The plan SQLite picks, line by line, for the query `run` makes (the one `which` names, when it makes several). */
async function planLines(run: () => Promise<unknown>, which?: (sql: string) => boolean): Promise<string[]> {
  seen.length = 0;
  await run();
  if (!which) expect(seen).toHaveLength(1);
  const query = which ? seen.find((q) => which(q.sql)) : seen[0];
  expect(query).toBeDefined();
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${query!.sql}`).all(...(query!.parameters as unknown[])) as { detail: string }[];
  return rows.map((r) => r.detail);
}

/** The same plan as one line. */
const planOf = async (run: () => Promise<unknown>, which?: (sql: string) => boolean) => (await planLines(run, which)).join('; ');

// Every vote looks for the voter's own votes on the post and the owner's rows they triggered; a
// popular post has thousands of votes, which no vote reads (the post keeps its tally).
describe.skipIf(onPostgres)('reading the votes of a post', () => {
  it("finds the voter's own and the owner's rows they triggered by seeks of the index", async () => {
    const lines = await planLines(() => votersRows(db, '10010000000000001', [28, 27], [3, 13], 5, 7));
    const seeks = lines.filter((l) => /activity_object_active_idx/.test(l));
    expect(seeks).toHaveLength(2);
    expect(seeks[0]).toMatch(
      /USING INDEX activity_object_active_idx \(object_id=\? AND activity_type=\? AND cancelled=\? AND user_id=\?\)/,
    );
    expect(seeks[1]).toMatch(
      /USING INDEX activity_object_active_idx \(object_id=\? AND activity_type=\? AND cancelled=\? AND user_id=\? AND trigger_user_id=\?\)/,
    );
  });
});

// Every notification poll of a user who may review counts the suggested edits waiting; every post has revisions.
describe.skipIf(onPostgres)('suggested edits waiting for review', () => {
  it('are counted from the index alone, and the review page walks it', async () => {
    expect(await planOf(() => countUnreviewed(db, [OBJECT_TYPE.question, OBJECT_TYPE.answer, OBJECT_TYPE.tag]))).toMatch(
      /USING COVERING INDEX revision_pending_idx \(status=\? AND object_type=\?\)/,
    );
    const plan = await planOf(
      () => pageUnreviewed(db, [OBJECT_TYPE.question, OBJECT_TYPE.answer, OBJECT_TYPE.tag], 1, 10),
      (sql) => sql.includes('order by'),
    );
    expect(plan).toMatch(/USING INDEX revision_pending_idx/);
  });
});

// A text search looks up each of its (up to a few thousand) matching posts by id.
describe.skipIf(onPostgres)('a text search', () => {
  it('reads the matching posts from their brief indexes, not the tables', async () => {
    const search = async () =>
      (
        await prepareSearch({ ...app.lantern.ctx, db }, undefined, '127.0.0.1', {
          q: 'espresso grinder',
          order: 'relevance',
          page: 1,
          size: 20,
        })
      ).run();
    const plan = await planLines(search, (sql) => sql.includes('over()'));
    expect(plan).toContain('SEARCH q USING COVERING INDEX question_search_brief_idx (id=? AND status=? AND show=?)');
    expect(plan).toContain('SEARCH a USING COVERING INDEX answer_search_brief_idx (id=? AND status=?)');
  });
});

// The hot-score job reads every question's inputs a page at a time at start and hourly: each page must
// walk the ids from the last one read, not sort every question by id (684 ms a page at 100k questions).
describe.skipIf(onPostgres)('the hot-score inputs', () => {
  it('are read a page at a time along the id index, with no sort', async () => {
    for (const createdSince of [undefined, 1_700_000_000]) {
      const plan = await planOf(() => hotScoreInputs(db, { createdSince, afterId: '10010000000000001', limit: 500 }));
      expect(plan).toMatch(/^SEARCH q USING (COVERING )?INDEX \w+ \(id>\?\)/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
