import type { Kysely } from 'kysely';

/**
 * api_key: keys sent as the Authorization header (Answer 2.0's API keys, plus members' own keys).
 * The key itself is never stored: key_hash is its SHA-256, looked up by a unique index; key_head and
 * key_tail keep the characters Answer shows around its mask. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('description', 'varchar(150)', (c) => c.notNull())
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('key_head', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_tail', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('api_key_user_idx').on('api_key').columns(['user_id', 'kind']).execute();
}

/** Drops api_key. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key').ifExists().execute();
}
