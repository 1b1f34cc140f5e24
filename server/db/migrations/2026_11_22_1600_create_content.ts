import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

// The content model: questions, answers, comments, tags, revisions, activity (votes, follows,
// reputation ledger and timeline), bookmarks, meta, links, notifications, flags, review queue,
// badges and uploaded files. Object ids are the reference's 17-digit strings. Frozen.
const id = (c: ColumnDefinitionBuilder) => c.primaryKey();

type Builder = CreateTableBuilder<string, never>;

/** Adds the created_at / updated_at pair every content table has. */
function ts(t: Builder): Builder {
  return t.addColumn('created_at', 'bigint', (c) => c.notNull()).addColumn('updated_at', 'bigint', (c) => c.notNull());
}

/** Creates the content tables. */
export async function up(db: Kysely<any>): Promise<void> {
  await ts(db.schema.createTable('question').addColumn('id', 'varchar(24)', id))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('invite_user_id', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('last_edit_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('title', 'varchar(150)', (c) => c.notNull())
    .addColumn('original_text', 'text', (c) => c.notNull())
    .addColumn('parsed_text', 'text', (c) => c.notNull())
    .addColumn('pin', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('show', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unique_view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('collection_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted_answer_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('last_answer_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('post_update_time', 'bigint', (c) => c.notNull())
    .addColumn('revision_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hot_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('linked_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('question_list_newest_idx').on('question').columns(['status', 'show', 'pin', 'created_at']).execute();
  await db.schema.createIndex('question_active_idx').on('question').columns(['post_update_time']).execute();
  await db.schema.createIndex('question_user_idx').on('question').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('question_score_idx').on('question').columns(['vote_count']).execute();
  await db.schema.createIndex('question_hot_idx').on('question').columns(['hot_score']).execute();

  await ts(db.schema.createTable('answer').addColumn('id', 'varchar(24)', id))
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull().references('question.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('last_edit_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_text', 'text', (c) => c.notNull())
    .addColumn('parsed_text', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('adopted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('answer_question_idx').on('answer').columns(['question_id', 'status']).execute();
  await db.schema.createIndex('answer_user_idx').on('answer').columns(['user_id', 'status']).execute();

  await ts(db.schema.createTable('comment').addColumn('id', 'varchar(24)', id))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id'))
    .addColumn('reply_user_id', 'integer')
    .addColumn('reply_comment_id', 'varchar(24)')
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('vote_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('original_text', 'text', (c) => c.notNull())
    .addColumn('parsed_text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('comment_object_idx').on('comment').columns(['object_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('comment_user_idx').on('comment').columns(['user_id', 'status']).execute();

  await ts(db.schema.createTable('tag').addColumn('id', 'varchar(24)', id))
    .addColumn('main_tag_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('main_tag_slug_name', 'varchar(35)', (c) => c.notNull().defaultTo(''))
    .addColumn('slug_name', 'varchar(35)', (c) => c.notNull().unique())
    .addColumn('display_name', 'varchar(35)', (c) => c.notNull())
    .addColumn('original_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('parsed_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('recommend', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tag_main_idx').on('tag').columns(['main_tag_id', 'status']).execute();

  await ts(db.schema.createTable('tag_rel').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('tag_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('tag_rel_uq', ['object_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('tag_rel_tag_idx').on('tag_rel').columns(['tag_id', 'status']).execute();

  await ts(db.schema.createTable('revision').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('object_type', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('review_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('revision_object_idx').on('revision').columns(['object_id', 'status']).execute();

  await ts(db.schema.createTable('activity').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('cancelled_at', 'bigint')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('trigger_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('original_object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('activity_type', 'integer', (c) => c.notNull())
    .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('activity_object_idx').on('activity').columns(['object_id', 'activity_type', 'user_id']).execute();
  await db.schema.createIndex('activity_original_idx').on('activity').columns(['original_object_id', 'created_at']).execute();
  await db.schema.createIndex('activity_user_idx').on('activity').columns(['user_id', 'has_rank', 'updated_at']).execute();

  await db.schema
    .createTable('collection_group')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('default_group', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await ts(db.schema.createTable('collection').addColumn('id', 'varchar(24)', id))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('user_collection_group_id', 'integer', (c) => c.notNull())
    .addUniqueConstraint('collection_uq', ['user_id', 'object_id'])
    .execute();
  await db.schema.createIndex('collection_object_idx').on('collection').column('object_id').execute();

  await ts(db.schema.createTable('meta').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('key', 'varchar(100)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addUniqueConstraint('meta_uq', ['object_id', 'key'])
    .execute();

  await ts(db.schema.createTable('question_link').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('from_question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('from_answer_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('to_question_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('to_answer_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('question_link_to_idx').on('question_link').columns(['to_question_id', 'status']).execute();
  await db.schema.createIndex('question_link_from_idx').on('question_link').columns(['from_question_id', 'from_answer_id']).execute();

  await ts(db.schema.createTable('notification').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('msg_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('notification_user_idx').on('notification').columns(['user_id', 'type', 'is_read', 'updated_at']).execute();

  await ts(db.schema.createTable('report').addColumn('id', 'varchar(24)', id))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('reported_user_id', 'integer', (c) => c.notNull())
    .addColumn('object_type', 'integer', (c) => c.notNull())
    .addColumn('report_type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('flagged_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flagged_content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('report_status_idx').on('report').columns(['status', 'created_at']).execute();

  await ts(db.schema.createTable('review').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('object_type', 'integer', (c) => c.notNull())
    .addColumn('reviewer_user_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('submitter', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('review_status_idx').on('review').columns(['status', 'created_at']).execute();

  await ts(db.schema.createTable('badge_group').addColumn('id', 'varchar(24)', id))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .execute();
  await ts(db.schema.createTable('badge').addColumn('id', 'varchar(24)', id))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('icon', 'varchar(255)', (c) => c.notNull())
    .addColumn('award_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('badge_group_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('single', 'integer', (c) => c.notNull())
    .addColumn('collect', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('handler', 'varchar(64)', (c) => c.notNull())
    .addColumn('param', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  await ts(db.schema.createTable('badge_award').addColumn('id', 'varchar(24)', id))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('badge_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('award_key', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('badge_group_id', 'varchar(24)', (c) => c.notNull())
    .addColumn('is_badge_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('badge_award_uq', ['user_id', 'badge_id', 'award_key'])
    .execute();
  await db.schema.createIndex('badge_award_badge_idx').on('badge_award').columns(['badge_id', 'created_at']).execute();

  await ts(db.schema.createTable('file_record').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('file_url', 'varchar(1024)', (c) => c.notNull())
    .addColumn('file_path', 'varchar(1024)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('object_id', 'varchar(24)', (c) => c.notNull().defaultTo('0'))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

/** Drops the content tables. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'file_record',
    'badge_award',
    'badge',
    'badge_group',
    'review',
    'report',
    'notification',
    'question_link',
    'meta',
    'collection',
    'collection_group',
    'activity',
    'revision',
    'tag_rel',
    'tag',
    'comment',
    'answer',
    'question',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
