import type { Kysely } from 'kysely';

// Captchas past their expiry are deleted at every answer checked and by the hourly purge: an index
// walk over the expired ones instead of a scan of every captcha (a form that asks makes one, answered
// or not, so the table holds up to an hour of them). Frozen.

/** Adds the index. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('captcha_expires_idx').on('captcha').column('expires_at').execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('captcha_expires_idx').ifExists().execute();
}
