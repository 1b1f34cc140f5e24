import type { DbOrTrx } from '../../db/database.js';
import type { ActivityRow } from '../../db/tables/content.table.js';

/**
 * The timeline rows of an object, newest first: entries filed under it (original_object_id) of the
 * timeline types, plus, when asked, the votes cast on it (object_id).
 */
export async function timelineRows(db: DbOrTrx, objectId: string, timelineTypes: number[], voteTypes: number[]): Promise<ActivityRow[]> {
  return db
    .selectFrom('activity')
    .selectAll()
    .where((eb) => {
      const filed = eb.and([eb('original_object_id', '=', objectId), eb('activity_type', 'in', timelineTypes)]);
      return voteTypes.length ? eb.or([filed, eb.and([eb('object_id', '=', objectId), eb('activity_type', 'in', voteTypes)])]) : filed;
    })
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Edit summaries of some revisions, by id. */
export async function revisionLogs(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('revision').select(['id', 'log']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.log]));
}

/** Rendered comments by id. */
export async function commentHtml(db: DbOrTrx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('comment').select(['id', 'parsed_text']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.parsed_text]));
}

/** The stored close message of a question ('' when none). */
export async function closeMessage(db: DbOrTrx, questionId: string): Promise<string> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('object_id', '=', questionId)
    .where('key', '=', 'question.close.reason')
    .executeTakeFirst();
  if (!row) return '';
  try {
    const v = JSON.parse(row.value) as { close_msg?: unknown };
    return typeof v.close_msg === 'string' ? v.close_msg : '';
  } catch {
    return '';
  }
}
