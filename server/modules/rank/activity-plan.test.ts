import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.js';
import type { Database as Schema } from '../../db/database.js';
import { activeActivities, activityCounts } from './rank.service.js';

// Every vote counts its post's votes and looks for the voter's own; a popular post has thousands.
// Both reads must be answered from the active-activities index, not row by row from the table.
let app: TestApp;
let raw: Database.Database;
let db: Kysely<Schema>;
const seen: CompiledQuery[] = [];

beforeAll(async () => {
  app = await startTestApp();
  raw = new Database(join(app.dataDir, 'lantern.db'), { readonly: true });
  db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }), log: (e) => void seen.push(e.query) });
});

afterAll(async () => {
  await db.destroy();
  await app.stop();
});

/** The plan SQLite picks for the one query `run` makes. */
async function planOf(run: () => Promise<unknown>): Promise<string> {
  seen.length = 0;
  await run();
  expect(seen).toHaveLength(1);
  const rows = raw.prepare(`EXPLAIN QUERY PLAN ${seen[0].sql}`).all(...(seen[0].parameters as unknown[])) as { detail: string }[];
  return rows.map((r) => r.detail).join('; ');
}

describe('reading the votes of a post', () => {
  it('counts them from the index alone', async () => {
    expect(await planOf(() => activityCounts(db, '10010000000000001', ['question.vote_up', 'question.vote_down'], 5))).toMatch(/USING COVERING INDEX activity_object_active_idx \(object_id=\? AND activity_type=\? AND cancelled=\?\)/);
  });

  it("finds the voter's own through the index", async () => {
    expect(await planOf(() => activeActivities(db, '10010000000000001', ['question.vote_up', 'question.vote_down'], 5))).toMatch(/USING INDEX activity_object_active_idx \(object_id=\? AND activity_type=\? AND cancelled=\?\)/);
  });
});
