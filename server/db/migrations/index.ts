import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122_1530 from './2026_11_22_1530_create_accounts.js';
import * as m20261122_1535 from './2026_11_22_1535_seed_config.js';
import * as m20261122_1600 from './2026_11_22_1600_create_content.js';
import * as m20261122_1700 from './2026_11_22_1700_create_request_guard.js';
import * as m20261123_1300 from './2026_11_23_1300_create_search_index.js';
import * as m20261123_1400 from './2026_11_23_1400_seed_badges.js';
import * as m20261123_1500 from './2026_11_23_1500_index_question_lists.js';
import * as m20261123_1510 from './2026_11_23_1510_index_user_posts.js';
import * as m20261123_1900 from './2026_11_23_1900_index_active_activities.js';
import * as m20261123_1910 from './2026_11_23_1910_index_pending_revisions.js';
import * as m20261123_1920 from './2026_11_23_1920_index_search_briefs.js';
import * as m20261125_1920 from './2026_11_25_1920_search_index_skip_credit_line.js';
import * as m20261126_2000 from './2026_11_26_2000_create_rate_limit.js';
import * as m20261127_0100 from './2026_11_27_0100_postgres_functions.js';
import * as m20261127_0200 from './2026_11_27_0200_postgres_unread_index.js';
import * as m20261127_1000 from './2026_11_27_1000_create_search_term_list.js';
import * as m20261127_1100 from './2026_11_27_1100_post_vote_tallies.js';
import * as m20261127_1200 from './2026_11_27_1200_question_totals.js';
import * as m20261129_1000 from './2026_11_29_1000_index_file_record.js';
import * as m20261129_1100 from './2026_11_29_1100_relativise_upload_urls.js';
import * as m20261129_1230 from './2026_11_29_1230_index_captcha_expiry.js';
import * as m20261129_1300 from './2026_11_29_1300_create_api_key.js';
import * as m20261129_1400 from './2026_11_29_1400_create_webhooks.js';
import * as m20261129_1500 from './2026_11_29_1500_create_captcha_spent.js';
import * as m20261129_1600 from './2026_11_29_1600_search_index_statistics.js';

/** Every migration, listed statically so bundling keeps them; names sort in time order. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_1530_create_accounts': m20261122_1530,
  '2026_11_22_1535_seed_config': m20261122_1535,
  '2026_11_22_1600_create_content': m20261122_1600,
  '2026_11_22_1700_create_request_guard': m20261122_1700,
  '2026_11_23_1300_create_search_index': m20261123_1300,
  '2026_11_23_1400_seed_badges': m20261123_1400,
  '2026_11_23_1500_index_question_lists': m20261123_1500,
  '2026_11_23_1510_index_user_posts': m20261123_1510,
  '2026_11_23_1900_index_active_activities': m20261123_1900,
  '2026_11_23_1910_index_pending_revisions': m20261123_1910,
  '2026_11_23_1920_index_search_briefs': m20261123_1920,
  '2026_11_25_1920_search_index_skip_credit_line': m20261125_1920,
  '2026_11_26_2000_create_rate_limit': m20261126_2000,
  '2026_11_27_0100_postgres_functions': m20261127_0100,
  '2026_11_27_0200_postgres_unread_index': m20261127_0200,
  '2026_11_27_1000_create_search_term_list': m20261127_1000,
  '2026_11_27_1100_post_vote_tallies': m20261127_1100,
  '2026_11_27_1200_question_totals': m20261127_1200,
  '2026_11_29_1000_index_file_record': m20261129_1000,
  '2026_11_29_1100_relativise_upload_urls': m20261129_1100,
  '2026_11_29_1230_index_captcha_expiry': m20261129_1230,
  '2026_11_29_1300_create_api_key': m20261129_1300,
  '2026_11_29_1400_create_webhooks': m20261129_1400,
  '2026_11_29_1500_create_captcha_spent': m20261129_1500,
  '2026_11_29_1600_search_index_statistics': m20261129_1600,
};

/** kysely's Migrator reads migrations from here. */
export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
