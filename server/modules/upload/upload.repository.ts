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
