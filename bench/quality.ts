// search_quality: how close the server's first ten results come to exhaustive bm25, on the bench's
// own distinct searches. For each search, every matching post of the whole index is scored with
// FTS5 bm25 (title 4, body 1) for the same query string the server builds (the same words, each a
// prefix or not as the server decides); the figure is the summed bm25 of the server's top 10 over
// the summed bm25 of the exhaustive top 10. Independent of load: it is computed exactly.
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { createSqliteSearch } from '../server/db/dialect/sqlite-search.js';
import { decodeId } from '../server/infra/ids/object-id.js';
import { parseSearch } from '../server/modules/search/search.parser.js';

export interface SearchQuality {
  searches: number;
  /** Mean of the per-search ratios (1 = as good as exhaustive bm25). */
  mean: number;
  min: number;
  /** How many searches were below 0.8. */
  below_0_8: number;
}

/** One search's ratio: summed bm25 of `ours` (post ids, best first) over that of the exhaustive top `n`. */
export function qualityRatio(scores: Map<string, number>, ours: string[], n = 10): number {
  const best = [...scores.values()]
    .sort((a, b) => b - a)
    .slice(0, n)
    .reduce((s, x) => s + x, 0);
  if (best <= 0) return 1;
  const got = ours.slice(0, n).reduce((s, id) => s + (scores.get(id) ?? 0), 0);
  return got / best;
}

/** Measures `searches` against a running server at `base` on the database file `dbFile`. */
export async function searchQuality(base: string, dbFile: string, searches: string[]): Promise<SearchQuality> {
  const database = new Database(dbFile, { readonly: true });
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database }) });
  const sqliteSearch = createSqliteSearch();
  const exhaustive = database
    .prepare(`SELECT rowid AS id, rank FROM search_index WHERE search_index MATCH ? AND rank MATCH 'bm25(4.0, 1.0)'`)
    .safeIntegers(true);
  const ratios: number[] = [];
  try {
    for (const q of searches) {
      const terms = await sqliteSearch.settleTerms(db, parseSearch(q).terms);
      const scores = new Map<string, number>();
      for (const r of exhaustive.all(sqliteSearch.queryString(terms)) as { id: bigint; rank: number }[])
        scores.set(String(r.id), -Number(r.rank));
      const res = await fetch(`${base}/answer/api/v1/search?q=${encodeURIComponent(q)}&order=relevance&page=1&size=10`);
      const body = (await res.json()) as { data: { list: { object: { id: string } }[] } };
      const ours = body.data.list.map((x) => decodeId(x.object.id) ?? '');
      ratios.push(qualityRatio(scores, ours));
    }
  } finally {
    await db.destroy();
  }
  const round = (x: number) => Math.round(x * 1000) / 1000;
  return {
    searches: ratios.length,
    mean: round(ratios.reduce((s, x) => s + x, 0) / Math.max(1, ratios.length)),
    min: round(Math.min(...ratios)),
    below_0_8: ratios.filter((x) => x < 0.8).length,
  };
}
