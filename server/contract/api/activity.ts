import type { TagBrief, UserBrief, UserStatusName } from './common.js';

/** What a timeline is about (ActObjectInfo). */
export interface TimelineObject {
  title: string;
  object_type: 'question' | 'answer' | 'tag';
  question_id: string;
  answer_id: string;
  main_tag_slug_name: string;
  username: string;
  display_name: string;
}

/** Who did a timeline event; a downvote's author shows to non-admins as 'N/A' with status ''. */
export interface TimelineUser extends Omit<UserBrief, 'status'> {
  status: UserStatusName | '';
}

/** One event of a timeline (ActObjectTimeline). */
export interface TimelineEvent {
  activity_id: string;
  /** '0' when the event made no revision. */
  revision_id: string;
  created_at: number;
  /** asked, answered, commented, accept, edited, rollback, deleted, undeleted, closed, reopened, created, pin, unpin, show, hide, upvote, downvote */
  activity_type: string;
  /** HTML: the comment, the edit summary or the close message. */
  comment: string;
  object_id: string;
  object_type: string;
  cancelled: boolean;
  cancelled_at: number;
  user_info: TimelineUser | null;
}

/** GET activity/timeline. */
export interface Timeline {
  object_info: TimelineObject;
  timeline: TimelineEvent[];
}

/** One side of a revision comparison (ObjectTimelineDetail). */
export interface RevisionSide {
  title: string;
  tags: TagBrief[];
  original_text: string;
  slug_name: string;
  main_tag_slug_name: string;
}

/** GET activity/timeline/detail. */
export interface TimelineDetail {
  new_revision: RevisionSide;
  old_revision: RevisionSide | null;
}
