/**
 * The stored codes of Answer's data model, named: statuses, roles, object and activity kinds.
 * Server and renderer compare against these instead of raw numbers (the lint forbids
 * `status === 10`); the numbers are the reference's and are stored in the database as-is.
 */

type ValueOf<T> = T[keyof T];

/** question.status */
export const QUESTION_STATUS = { available: 1, closed: 2, deleted: 10, pending: 11 } as const;
export type QuestionStatus = ValueOf<typeof QUESTION_STATUS>;

/** A post's status where the post may be a question, an answer or a comment (only questions are ever closed). */
export const POST_STATUS = QUESTION_STATUS;
export type PostStatus = QuestionStatus;

/** answer.status */
export const ANSWER_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
export type AnswerStatus = ValueOf<typeof ANSWER_STATUS>;

/** comment.status */
export const COMMENT_STATUS = { available: 1, deleted: 10, pending: 11 } as const;
export type CommentStatus = ValueOf<typeof COMMENT_STATUS>;

/** tag.status */
export const TAG_STATUS = { available: 1, deleted: 10 } as const;
export type TagStatus = ValueOf<typeof TAG_STATUS>;

/** tag_rel.status: a question's tag link. */
export const TAG_REL_STATUS = { available: 1, hidden: 2, deleted: 10 } as const;
export type TagRelStatus = ValueOf<typeof TAG_REL_STATUS>;

/** question_link.status: a link from a post to a question stays as a row and is switched off. */
export const QUESTION_LINK_STATUS = { available: 1, removed: 2 } as const;
export type QuestionLinkStatus = ValueOf<typeof QUESTION_LINK_STATUS>;

/** user.status */
export const USER_STATUS = { available: 1, suspended: 9, deleted: 10 } as const;
export type UserStatus = ValueOf<typeof USER_STATUS>;

/** user.mail_status */
export const MAIL_STATUS = { verified: 1, unverified: 2 } as const;
export type MailStatus = ValueOf<typeof MAIL_STATUS>;

/** user.notice_status: the account's e-mail notices switch (the reference's NoticeStatusOn/Off; new accounts start off). */
export const NOTICE_STATUS = { on: 1, off: 2 } as const;
export type NoticeStatus = ValueOf<typeof NOTICE_STATUS>;

/** Roles by id, as the reference seeds them (no user_role_rel row means a user). */
export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export type RoleId = ValueOf<typeof ROLE>;
/** Whether a number is one of the role ids. */
export function isRoleId(n: number): n is RoleId {
  return (Object.values(ROLE) as number[]).includes(n);
}

/** site_info.status: every settings group is written available (the reference writes no other value). */
export const SITE_INFO_STATUS = { available: 1 } as const;
export type SiteInfoStatus = ValueOf<typeof SITE_INFO_STATUS>;

/** question.show: listed or unlisted. */
export const SHOW_STATUS = { shown: 1, hidden: 2 } as const;
export type ShowStatus = ValueOf<typeof SHOW_STATUS>;
/** question.pin */
export const PIN_STATUS = { unpinned: 1, pinned: 2 } as const;
export type PinStatus = ValueOf<typeof PIN_STATUS>;
/** answer.adopted: whether the answer is the accepted one. */
export const ADOPTED = { no: 1, accepted: 2 } as const;
export type Adopted = ValueOf<typeof ADOPTED>;
/** activity.cancelled */
export const CANCELLED = { active: 0, cancelled: 1 } as const;
export type Cancelled = ValueOf<typeof CANCELLED>;

/** revision.status */
export const REVISION_STATUS = { normal: 0, pending: 1, approved: 2, rejected: 3 } as const;
export type RevisionStatus = ValueOf<typeof REVISION_STATUS>;

/** review.status: a queued post. */
export const REVIEW_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
export type ReviewStatus = ValueOf<typeof REVIEW_STATUS>;

/** report.status: a flag. */
export const REPORT_STATUS = { pending: 1, completed: 2, ignored: 3, deleted: 10 } as const;
export type ReportStatus = ValueOf<typeof REPORT_STATUS>;

/** badge.status */
export const BADGE_STATUS = { active: 1, deleted: 10, inactive: 11 } as const;
export type BadgeStatus = ValueOf<typeof BADGE_STATUS>;
/** badge.single */
export const BADGE_SINGLE = { single: 1, multiple: 2 } as const;
export type BadgeSingle = ValueOf<typeof BADGE_SINGLE>;
/** badge.level */
export const BADGE_LEVEL = { bronze: 1, silver: 2, gold: 3 } as const;
export type BadgeLevel = ValueOf<typeof BADGE_LEVEL>;

/** notification.type */
export const NOTIFICATION_TYPE = { inbox: 1, achievement: 2 } as const;
export type NotificationType = ValueOf<typeof NOTIFICATION_TYPE>;
/** notification.msg_type: the reference's inbox kinds; badge awards get their own (never listed by kind). */
export const MSG_TYPE = { none: 0, posts: 1, votes: 2, invites: 3, badge: 4 } as const;
export type MsgType = ValueOf<typeof MSG_TYPE>;
/** notification.is_read */
export const READ_STATE = { unread: 1, read: 2 } as const;
export type ReadState = ValueOf<typeof READ_STATE>;

/** Object-type codes inside object ids (the reference's values). */
export const OBJECT_TYPE = {
  question: 1,
  answer: 2,
  tag: 3,
  user: 4,
  collection: 6,
  comment: 7,
  report: 8,
  badge: 9,
  badge_award: 10,
} as const;
export type ObjectTypeCode = ValueOf<typeof OBJECT_TYPE>;

/** Config ids of activity keys, fixed by migration 2026_11_22_1535_seed_config (activity.activity_type stores them). Votes are activities too. */
export const ACTIVITY_TYPE = {
  'answer.accepted': 1,
  'answer.voted_up': 2,
  'question.voted_up': 3,
  'answer.accept': 5,
  'user.activated': 10,
  'edit.accepted': 11,
  'answer.vote_down': 12,
  'answer.deleted': 16,
  'question.voted_down': 13,
  'answer.voted_down': 14,
  'user.follow': 24,
  'comment.vote_up': 25,
  'question.vote_down': 27,
  'question.vote_up': 28,
  'answer.vote_up': 30,
  'question.follow': 32,
  'tag.follow': 35,
  'question.asked': 87,
  'question.closed': 88,
  'question.reopened': 89,
  'question.answered': 90,
  'question.commented': 91,
  'question.accept': 92,
  'question.edited': 93,
  'question.rollback': 94,
  'question.deleted': 95,
  'question.undeleted': 96,
  'answer.answered': 97,
  'answer.commented': 98,
  'answer.edited': 99,
  'answer.rollback': 100,
  'answer.undeleted': 101,
  'tag.created': 102,
  'tag.edited': 103,
  'tag.rollback': 104,
  'tag.deleted': 105,
  'tag.undeleted': 106,
  'question.pin': 119,
  'question.unpin': 120,
  'question.show': 121,
  'question.hide': 122,
} as const;
/** A known activity key. */
export type ActivityKey = keyof typeof ACTIVITY_TYPE;
/** A known activity code (activity.activity_type). */
export type ActivityTypeCode = ValueOf<typeof ACTIVITY_TYPE>;

/** The one map from a post's status code to its API name ("available", "closed", "deleted", "pending"). */
export const POST_STATUS_NAME: Readonly<Record<number, 'available' | 'closed' | 'deleted' | 'pending'>> = {
  [QUESTION_STATUS.available]: 'available',
  [QUESTION_STATUS.closed]: 'closed',
  [QUESTION_STATUS.deleted]: 'deleted',
  [QUESTION_STATUS.pending]: 'pending',
};

/** A post's status name; an unknown code reads as available, as the reference does. */
export function postStatusName(status: number): 'available' | 'closed' | 'deleted' | 'pending' {
  return POST_STATUS_NAME[status] ?? 'available';
}

/** Actions that may need a captcha (the reference's action names; GET user/action/record takes them). */
export const CAPTCHA_ACTIONS = [
  'email',
  'password',
  'edit_userinfo',
  'question',
  'answer',
  'comment',
  'edit',
  'invitation_answer',
  'search',
  'report',
  'delete',
  'vote',
] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];
