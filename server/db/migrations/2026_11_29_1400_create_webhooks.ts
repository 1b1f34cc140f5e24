import type { Kysely } from 'kysely';

/**
 * webhook: the URLs the admin registered, with the events each receives (a JSON list), the secret
 * its deliveries are signed with, and whether it may point at a LAN or loopback address.
 * webhook_delivery: one row per event and hook (and per resend): the body as sent, the state
 * (pending, sending, succeeded, failed), the attempts made, when the next is due, the lease of the
 * process sending it, and the last answer (status code, time taken, a short excerpt). Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'varchar(1000)', (c) => c.notNull())
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('allow_lan', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_delivery')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('webhook_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_code', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('response_excerpt', 'varchar(600)', (c) => c.notNull().defaultTo(''))
    .addColumn('error', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('resent_from', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // the sender's poll: due rows by state and time; the admin's log: one hook's rows, newest first
  await db.schema.createIndex('webhook_delivery_due_idx').on('webhook_delivery').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_delivery_hook_idx').on('webhook_delivery').columns(['webhook_id', 'id']).execute();
}

/** Drops both tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_delivery').ifExists().execute();
  await db.schema.dropTable('webhook').ifExists().execute();
}
