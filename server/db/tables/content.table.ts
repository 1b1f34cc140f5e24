import type { Generated, Selectable } from 'kysely';
import type {
  Adopted,
  AnswerStatus,
  BadgeLevel,
  BadgeSingle,
  BadgeStatus,
  Cancelled,
  CommentStatus,
  MsgType,
  NotificationType,
  ObjectTypeCode,
  PinStatus,
  QuestionLinkStatus,
  QuestionStatus,
  ReadState,
  ReportStatus,
  ReviewStatus,
  RevisionStatus,
  ShowStatus,
  TagRelStatus,
  TagStatus,
} from '../../contract/enums.js';

type Stamps = { created_at: number; updated_at: number };

/** question: status 1 available, 2 closed, 10 deleted, 11 pending; pin 1/2; show 1/2. */
export interface QuestionTable extends Stamps {
  id: string;
  user_id: number;
  invite_user_id: Generated<string>;
  last_edit_user_id: Generated<number>;
  title: string;
  original_text: string;
  parsed_text: string;
  pin: Generated<PinStatus>;
  show: Generated<ShowStatus>;
  status: Generated<QuestionStatus>;
  view_count: Generated<number>;
  unique_view_count: Generated<number>;
  vote_count: Generated<number>;
  /** Active up and down votes (kept by the vote's transaction). */
  up_votes: Generated<number>;
  down_votes: Generated<number>;
  answer_count: Generated<number>;
  collection_count: Generated<number>;
  follow_count: Generated<number>;
  accepted_answer_id: Generated<string>;
  last_answer_id: Generated<string>;
  post_update_time: number;
  revision_id: Generated<number>;
  hot_score: Generated<number>;
  linked_count: Generated<number>;
}
export type QuestionRow = Selectable<QuestionTable>;

/** answer: status 1 available, 10 deleted, 11 pending; adopted 1 no, 2 accepted. */
export interface AnswerTable extends Stamps {
  id: string;
  question_id: string;
  user_id: number;
  last_edit_user_id: Generated<number>;
  original_text: string;
  parsed_text: string;
  status: Generated<AnswerStatus>;
  adopted: Generated<Adopted>;
  comment_count: Generated<number>;
  vote_count: Generated<number>;
  /** Active up and down votes (kept by the vote's transaction). */
  up_votes: Generated<number>;
  down_votes: Generated<number>;
  revision_id: Generated<number>;
}
export type AnswerRow = Selectable<AnswerTable>;

/** comment on a question or an answer. */
export interface CommentTable extends Stamps {
  id: string;
  user_id: number;
  reply_user_id: number | null;
  reply_comment_id: string | null;
  object_id: string;
  question_id: string;
  vote_count: Generated<number>;
  status: Generated<CommentStatus>;
  original_text: string;
  parsed_text: string;
}
export type CommentRow = Selectable<CommentTable>;

/** tag; main_tag_id '0' for a main tag, else the main tag of this synonym. */
export interface TagTable extends Stamps {
  id: string;
  main_tag_id: Generated<string>;
  main_tag_slug_name: Generated<string>;
  slug_name: string;
  display_name: string;
  original_text: Generated<string>;
  parsed_text: Generated<string>;
  follow_count: Generated<number>;
  question_count: Generated<number>;
  status: Generated<TagStatus>;
  recommend: Generated<number>;
  reserved: Generated<number>;
  revision_id: Generated<number>;
  user_id: Generated<number>;
}
export type TagRow = Selectable<TagTable>;

/** tag_rel: a question's tag; status 1 available, 2 hidden, 10 deleted. */
export interface TagRelTable extends Stamps {
  id: Generated<number>;
  object_id: string;
  tag_id: string;
  status: Generated<TagRelStatus>;
}

/** revision: status 0 normal, 1 suggested (unreviewed), 2 review passed, 3 rejected. */
export interface RevisionTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  object_type: ObjectTypeCode;
  object_id: string;
  title: Generated<string>;
  content: string;
  log: Generated<string>;
  status: Generated<RevisionStatus>;
  review_user_id: Generated<number>;
}
export type RevisionRow = Selectable<RevisionTable>;

/** activity: votes, accepts, follows, the reputation ledger and the timeline. */
export interface ActivityTable extends Stamps {
  id: Generated<number>;
  cancelled_at: number | null;
  user_id: number;
  trigger_user_id: Generated<number>;
  object_id: string;
  original_object_id: string;
  activity_type: number;
  cancelled: Generated<Cancelled>;
  rank: Generated<number>;
  has_rank: Generated<number>;
  revision_id: Generated<number>;
}
export type ActivityRow = Selectable<ActivityTable>;

/** collection_group: a user's bookmark folder ("default"). */
export interface CollectionGroupTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  default_group: Generated<number>;
  created_at: number;
}

/** collection: a bookmark. */
export interface CollectionTable extends Stamps {
  id: string;
  user_id: number;
  object_id: string;
  user_collection_group_id: number;
}

/** meta: key/value per object (close reason, reactions). */
export interface MetaTable extends Stamps {
  id: Generated<number>;
  object_id: string;
  key: string;
  value: string;
}

/** question_link: a post linking to a question (or answer). */
export interface QuestionLinkTable extends Stamps {
  id: Generated<number>;
  from_question_id: string;
  from_answer_id: Generated<string>;
  to_question_id: string;
  to_answer_id: Generated<string>;
  status: Generated<QuestionLinkStatus>;
}

/** notification: type 1 inbox, 2 achievement; is_read 1 unread, 2 read. */
export interface NotificationTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  object_id: string;
  content: string;
  type: NotificationType;
  msg_type: Generated<MsgType>;
  is_read: Generated<ReadState>;
  status: Generated<number>;
}

/** report (flag): status 1 pending, 2 completed, 3 ignored, 10 deleted. */
export interface ReportTable extends Stamps {
  id: string;
  user_id: number;
  object_id: string;
  reported_user_id: number;
  object_type: ObjectTypeCode;
  report_type: number;
  content: Generated<string>;
  flagged_type: Generated<number>;
  flagged_content: Generated<string>;
  status: Generated<ReportStatus>;
}

/** review: a queued post; status 1 pending, 2 approved, 3 rejected. */
export interface ReviewTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  object_id: string;
  object_type: ObjectTypeCode;
  reviewer_user_id: Generated<number>;
  submitter: Generated<string>;
  reason: Generated<string>;
  status: Generated<ReviewStatus>;
}

/** badge_group. */
export interface BadgeGroupTable extends Stamps {
  id: string;
  name: string;
}

/** badge: status 1 active, 10 deleted, 11 inactive; level 1-3; single 1 once, 2 many. */
export interface BadgeTable extends Stamps {
  id: string;
  name: string;
  icon: string;
  award_count: Generated<number>;
  description: string;
  status: Generated<BadgeStatus>;
  badge_group_id: string;
  level: BadgeLevel;
  single: BadgeSingle;
  collect: Generated<string>;
  handler: string;
  param: Generated<string>;
}

/** badge_award. */
export interface BadgeAwardTable extends Stamps {
  id: string;
  user_id: number;
  badge_id: string;
  award_key: Generated<string>;
  badge_group_id: string;
  is_badge_deleted: Generated<number>;
}

/** file_record: an uploaded file. */
export interface FileRecordTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  file_url: string;
  file_path: string;
  file_name: string;
  mime_type: string;
  size: number;
  source: string;
  object_id: Generated<string>;
  status: Generated<number>;
}
