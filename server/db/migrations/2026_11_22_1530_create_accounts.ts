import { sql, type Kysely } from 'kysely';

/** Accounts, sessions, site settings, config, captcha and action records. Frozen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('suspended_at', 'bigint')
    .addColumn('suspended_until', 'bigint')
    .addColumn('deleted_at', 'bigint')
    .addColumn('last_login_date', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('username', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('pass', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('e_mail', 'varchar(512)', (c) => c.notNull())
    .addColumn('mail_status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('notice_status', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('follow_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('answer_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('question_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rank', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('authority_group', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('display_name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bio_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('website', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_info', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('color_scheme', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('user_e_mail_idx').on('user').column('e_mail').execute();
  await db.schema.createIndex('user_rank_idx').on('user').column('rank').execute();

  await db.schema
    .createTable('role')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('description', 'varchar(255)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_role_rel')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
    .execute();

  await db.schema
    .createTable('user_session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('visit_token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_session_user_idx').on('user_session').column('user_id').execute();
  await db.schema.createIndex('user_session_visit_idx').on('user_session').column('visit_token_hash').execute();

  await db.schema
    .createTable('email_code')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_code_user_idx').on('email_code').columns(['user_id', 'action']).execute();

  await db.schema
    .createTable('user_notification_config')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('channels', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('user_notification_config_uq', ['user_id', 'source'])
    .execute();

  await db.schema
    .createTable('site_info')
    .addColumn('type', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('config')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('uniqid')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('uniqid_type', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('captcha')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('answer', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('action_record')
    .addColumn('unit', 'varchar(128)', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'bigint', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('action_record_pk', ['unit', 'action', 'day'])
    .execute();

  await sql`insert into role (id, name, description) values
    (1, 'User', 'Default with no special access.'),
    (2, 'Admin', 'Have the full power to access the site.'),
    (3, 'Moderator', 'Has access to all posts except admin settings.')`.execute(db);
}

/** Drops what up() made. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'action_record',
    'captcha',
    'uniqid',
    'config',
    'site_info',
    'user_notification_config',
    'email_code',
    'user_session',
    'user_role_rel',
    'role',
    'user',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
