import type { Kysely } from 'kysely';

/** request_guard: recent successful create requests, to refuse identical resubmissions. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_guard')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drops request_guard. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_guard').ifExists().execute();
}
