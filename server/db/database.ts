import type { Kysely, Transaction } from 'kysely';
import type {
  EmailCodeTable,
  RoleTable,
  UserNotificationConfigTable,
  UserRoleRelTable,
  UserSessionTable,
  UserTable,
} from './tables/user.table.js';
import type {
  ActivityTable,
  AnswerTable,
  BadgeAwardTable,
  BadgeGroupTable,
  BadgeTable,
  CollectionGroupTable,
  CollectionTable,
  CommentTable,
  FileRecordTable,
  MetaTable,
  NotificationTable,
  QuestionLinkTable,
  QuestionTable,
  ReportTable,
  ReviewTable,
  RevisionTable,
  TagRelTable,
  TagTable,
} from './tables/content.table.js';
import type {
  ActionRecordTable,
  CaptchaSpentTable,
  CaptchaTable,
  ConfigTable,
  RateLimitTable,
  RequestGuardTable,
  SiteInfoTable,
  UniqidTable,
} from './tables/site.table.js';
import type { ApiKeyTable } from './tables/api-key.table.js';
import type { WebhookDeliveryTable, WebhookTable } from './tables/webhook.table.js';

/** Every table the server knows, by name. */
export interface Database {
  user: UserTable;
  role: RoleTable;
  user_role_rel: UserRoleRelTable;
  user_session: UserSessionTable;
  email_code: EmailCodeTable;
  user_notification_config: UserNotificationConfigTable;
  site_info: SiteInfoTable;
  config: ConfigTable;
  uniqid: UniqidTable;
  captcha: CaptchaTable;
  captcha_spent: CaptchaSpentTable;
  action_record: ActionRecordTable;
  question: QuestionTable;
  answer: AnswerTable;
  comment: CommentTable;
  tag: TagTable;
  tag_rel: TagRelTable;
  revision: RevisionTable;
  activity: ActivityTable;
  collection_group: CollectionGroupTable;
  collection: CollectionTable;
  meta: MetaTable;
  question_link: QuestionLinkTable;
  notification: NotificationTable;
  report: ReportTable;
  review: ReviewTable;
  badge_group: BadgeGroupTable;
  badge: BadgeTable;
  badge_award: BadgeAwardTable;
  file_record: FileRecordTable;
  request_guard: RequestGuardTable;
  rate_limit: RateLimitTable;
  api_key: ApiKeyTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
}

/** The database handle repositories take first. */
export type Db = Kysely<Database>;
/** A database handle or an open transaction. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
