import type { DbOrTrx } from '../../db/database.js';
import { SOURCE_KEY } from './stackexchange.repository.js';

/** A post whose text may name remote images. */
export interface PostText {
  id: string;
  user_id: number;
  original_text: string;
  parsed_text: string;
}

/**
 * The next `limit` posts (questions or answers) after `afterId` that an import of `host` wrote and
 * whose text contains `needle` (a fixed string of the caller's, without LIKE's % or _), in id order.
 */
export async function importedPostsContaining(
  db: DbOrTrx,
  table: 'question' | 'answer',
  host: string,
  afterId: string,
  limit: number,
  needle: string,
): Promise<PostText[]> {
  // both tables have these columns; the query is the same but for its table
  return db
    .selectFrom(`${table as 'question'} as p`)
    .innerJoin('meta as m', (j) => j.onRef('m.object_id', '=', 'p.id').on('m.key', '=', SOURCE_KEY))
    .select(['p.id', 'p.user_id', 'p.original_text', 'p.parsed_text'])
    .where('m.value', 'like', `${host}/${table === 'question' ? 'q' : 'a'}/%`)
    .where('p.id', '>', afterId)
    .where('p.original_text', 'like', `%${needle}%`)
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/** The next posts an import of `host` wrote whose text names an http(s) address (see importedPostsContaining). */
export const importedPostsWithLinks = (db: DbOrTrx, table: 'question' | 'answer', host: string, afterId: string, limit: number) =>
  importedPostsContaining(db, table, host, afterId, limit, '://');

/** Writes a post's texts (its image addresses now local). */
export async function updatePostTexts(
  db: DbOrTrx,
  table: 'question' | 'answer',
  id: string,
  original: string,
  parsed: string,
): Promise<void> {
  await db
    .updateTable(table as 'question')
    .set({ original_text: original, parsed_text: parsed })
    .where('id', '=', id)
    .execute();
}
