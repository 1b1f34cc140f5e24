import type { Kysely } from 'kysely';

// A member's uploads of the last day (the upload quotas count them at every upload) and the
// uploads old enough for the orphan check, each an index walk instead of a scan of every upload. Frozen.
const INDEXES: [string, string[]][] = [
  ['file_record_user_created_idx', ['user_id', 'created_at']],
  ['file_record_created_idx', ['created_at']],
];

/** Adds the indexes. */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('file_record').columns(columns).execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
