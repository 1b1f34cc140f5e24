import { sql, type Kysely } from 'kysely';
import type { DbOrTrx } from '../../db/database.js';

/** Records an uploaded file. */
export async function insertFileRecord(
  db: DbOrTrx,
  row: {
    user_id: number;
    file_url: string;
    file_path: string;
    file_name: string;
    mime_type: string;
    size: number;
    source: string;
    now: number;
  },
): Promise<void> {
  const { now, ...rest } = row;
  await db
    .insertInto('file_record')
    .values({ ...rest, created_at: now, updated_at: now })
    .execute();
}

/** Whether a file at this path below uploads/ is recorded. */
export async function fileRecorded(db: DbOrTrx, filePath: string): Promise<boolean> {
  return !!(await db.selectFrom('file_record').select('id').where('file_path', '=', filePath).executeTakeFirst());
}

/** A member's uploads made after `since` (Unix seconds), oldest first: when each was made and its bytes. */
export async function uploadsSince(db: DbOrTrx, userId: number, since: number): Promise<{ created_at: number; size: number }[]> {
  return db
    .selectFrom('file_record')
    .select(['created_at', 'size'])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Drops an upload's record (a file whose write failed). */
export async function deleteFileRecord(db: DbOrTrx, filePath: string): Promise<void> {
  await db.deleteFrom('file_record').where('file_path', '=', filePath).execute();
}

/** An upload the orphan check looks at. */
export interface UploadCandidate {
  id: number;
  file_path: string;
}

/**
 * Uploads made before `before` that were never checked (updated_at is still created_at) or were last
 * found referenced before `recheckBefore`, oldest first.
 */
export async function orphanCandidates(
  db: DbOrTrx,
  opts: { before: number; recheckBefore: number; limit: number },
): Promise<UploadCandidate[]> {
  return db
    .selectFrom('file_record')
    .select(['id', 'file_path'])
    .where('created_at', '<', opts.before)
    .where((eb) => eb.or([eb('updated_at', '=', eb.ref('created_at')), eb('updated_at', '<', opts.recheckBefore)]))
    .orderBy('created_at')
    .orderBy('id')
    .limit(opts.limit)
    .execute();
}

/** Notes that these uploads were found referenced at `now` (updated_at is the last check). */
export async function markUploadsReferenced(db: DbOrTrx, ids: number[], now: number): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('file_record')
      .set({ updated_at: now })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/** Drops an upload's record by id. */
export async function deleteFileRecordById(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('file_record').where('id', '=', id).execute();
}

/**
 * Every place a stored upload may be named: post, comment and tag texts, every revision (old
 * versions and pending edits), avatars and bios, the settings groups (branding, legal texts, custom
 * HTML) and flags (the content they quote).
 */
const REFERENCE_COLUMNS: { table: string; key: string; columns: string[] }[] = [
  { table: 'question', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'answer', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'comment', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'tag', key: 'id', columns: ['original_text', 'parsed_text'] },
  { table: 'revision', key: 'id', columns: ['content'] },
  { table: 'user', key: 'id', columns: ['avatar', 'bio', 'bio_html'] },
  { table: 'site_info', key: 'type', columns: ['content'] },
  { table: 'report', key: 'id', columns: ['content', 'flagged_content'] },
];

/**
 * Yields the texts that mention `uploads/`, a page of `pageSize` rows (by key) at a time, so that no
 * one query scans a whole table: rows without a mention answer only their key.
 */
export async function* textsNamingUploads(db: DbOrTrx, pageSize = 1000): AsyncGenerator<string[]> {
  // the tables differ in their columns: one loop over them, typed loosely
  const d = db as unknown as Kysely<any>;
  for (const { table, key, columns } of REFERENCE_COLUMNS) {
    let after: string | number | null = null;
    for (;;) {
      let q = d
        .selectFrom(table)
        .select(sql.ref(key).as('k'))
        .select(columns.map((c) => sql<string | null>`case when ${sql.ref(c)} like '%uploads/%' then ${sql.ref(c)} end`.as(c)));
      if (after !== null) q = q.where(key, '>', after);
      const rows = (await q.orderBy(key).limit(pageSize).execute()) as Record<string, string | number | null>[];
      const texts: string[] = [];
      for (const row of rows) for (const c of columns) if (typeof row[c] === 'string') texts.push(row[c] as string);
      yield texts;
      if (rows.length < pageSize) break;
      after = rows[rows.length - 1].k as string | number;
    }
  }
}
