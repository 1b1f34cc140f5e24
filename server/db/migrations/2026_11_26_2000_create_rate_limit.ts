import type { Kysely } from 'kysely';

/**
 * rate_limit: the account endpoints' attempt counters (login, registration, mails), one row per
 * key hash and fixed window, so every server process sharing the database counts the same
 * attempts and a restart forgets none. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_expires_idx').on('rate_limit').column('expires_at').execute();
}

/** Drops rate_limit. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit').ifExists().execute();
}
