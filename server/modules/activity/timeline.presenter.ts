import type { RevisionSide, TimelineEvent, TimelineObject, TimelineUser } from '../../contract/api/activity.js';
import type { TagBrief } from '../../contract/api/common.js';
import type { ActivityRow } from '../../db/tables/content.table.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import { CANCELLED } from '../../contract/enums.js';

/** A downvote's author as non-admins see it. */
export const HIDDEN_USER: TimelineUser = {
  id: '',
  username: 'N/A',
  display_name: 'N/A',
  avatar: '',
  rank: 0,
  website: '',
  location: '',
  language: '',
  status: '',
};

/** ActObjectTimeline. */
export function presentTimelineItem(
  a: ActivityRow,
  o: { activityType: string; objectId: string; objectType: string; comment: string; user: UserBasicInfo | typeof HIDDEN_USER | null },
): TimelineEvent {
  return {
    activity_id: String(a.id),
    revision_id: String(a.revision_id),
    created_at: a.created_at,
    activity_type: o.activityType,
    comment: o.comment,
    object_id: o.objectId,
    object_type: o.objectType,
    cancelled: a.cancelled === CANCELLED.cancelled,
    cancelled_at: a.cancelled === CANCELLED.cancelled ? (a.cancelled_at ?? 0) : 0,
    user_info: o.user,
  };
}

/** ActObjectInfo. */
export function presentObjectInfo(o: {
  title: string;
  objectType: TimelineObject['object_type'];
  questionId: string;
  answerId: string;
  mainTagSlugName: string;
  author: UserBasicInfo | undefined;
}): TimelineObject {
  return {
    title: o.title,
    object_type: o.objectType,
    question_id: o.questionId,
    answer_id: o.answerId,
    main_tag_slug_name: o.mainTagSlugName,
    username: o.author?.username ?? '',
    display_name: o.author?.display_name ?? '',
  };
}

/** ObjectTimelineDetail: one side of a revision comparison. */
export function presentRevisionDetail(d: {
  title: string;
  tags: TagBrief[];
  originalText: string;
  slugName: string;
  mainTagSlugName: string;
}): RevisionSide {
  return { title: d.title, tags: d.tags, original_text: d.originalText, slug_name: d.slugName, main_tag_slug_name: d.mainTagSlugName };
}
