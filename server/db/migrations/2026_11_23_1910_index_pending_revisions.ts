import type { Kysely } from 'kysely';

// Suggested edits waiting for review, by kind. Every notification poll of a user who may review
// counts them; every post has revisions, so without this the count read the whole revision table
// (400k rows on a site of 100k questions and 300k answers) every three seconds per reviewer. Frozen.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('revision_pending_idx').on('revision').columns(['status', 'object_type', 'id']).execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('revision_pending_idx').ifExists().execute();
}
