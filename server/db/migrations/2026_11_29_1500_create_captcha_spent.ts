import type { Kysely } from 'kysely';

/**
 * captcha_spent: the proof-of-work (altcha) challenges already used, kept until the challenge's own
 * expiry so a solved challenge verifies once. A row is written only for a valid solution, never
 * when a challenge is handed out (challenges are signed, not stored). Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captcha_spent')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_spent_expires_idx').on('captcha_spent').column('expires_at').execute();
}

/** Drops captcha_spent. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_spent').ifExists().execute();
}
