import type { QuestionOperation, QuestionCounters, QuestionDetail, QuestionItem } from '../../contract/api/question.js';
import type { MemberAction, VoteStatus } from '../../contract/api/common.js';
import { postStatusName } from '../../contract/enums.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { idOut } from '../../infra/ids/object-id.js';
import { htmlToExcerpt, urlTitle } from '../../infra/markdown/render.js';
import type { TagBrief } from '../tag/tag.usage.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** The counters every question payload carries. */
function counters(q: QuestionRow, permalink: number): QuestionCounters {
  return {
    view_count: q.view_count,
    unique_view_count: q.unique_view_count,
    vote_count: q.vote_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    accepted_answer_id: idOut(q.accepted_answer_id, permalink),
    last_answer_id: idOut(q.last_answer_id, permalink),
  };
}

/** An item of GET question/page. */
export function presentQuestionItem(
  q: QuestionRow,
  tags: TagBrief[],
  operator: UserBasicInfo | undefined,
  permalink: number,
): QuestionItem {
  return {
    id: idOut(q.id, permalink),
    created_at: q.created_at,
    title: q.title,
    url_title: urlTitle(q.title),
    description: htmlToExcerpt(q.parsed_text),
    pin: q.pin,
    show: q.show,
    status: q.status,
    tags,
    ...counters(q, permalink),
    operated_at: q.created_at,
    operator: operator ?? null,
    operation_type: 'asked',
  };
}

/** Viewer-specific facts of a question. */
export interface ViewerState {
  collected: boolean;
  vote_status: VoteStatus;
  is_followed: boolean;
  member_actions: MemberAction[];
  /** The viewer's own (not deleted) answer to the question, if any. */
  own_answer_id?: string;
}

/** GET question/info (QuestionInfoResp). */
export function presentQuestionDetail(
  q: QuestionRow,
  tags: TagBrief[],
  users: Map<number, UserBasicInfo>,
  viewer: ViewerState,
  permalink: number,
  operation: QuestionOperation | null,
): QuestionDetail {
  return {
    id: idOut(q.id, permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    content: q.original_text,
    html: q.parsed_text,
    description: htmlToExcerpt(q.parsed_text),
    tags,
    ...counters(q, permalink),
    create_time: q.created_at,
    update_time: q.post_update_time,
    edit_time: q.updated_at,
    pin: q.pin,
    show: q.show,
    status: q.status,
    status_name: postStatusName(q.status),
    // omitted, not null, on an open question (a reopened one included), as the reference's omitempty
    ...(operation ? { operation } : {}),
    user_info: users.get(q.user_id) ?? null,
    update_user_info: q.last_edit_user_id ? (users.get(q.last_edit_user_id) ?? null) : null,
    last_answered_user_info: null,
    answered: !!viewer.own_answer_id,
    // the viewer's own answer; the reference's "no answer" is an empty id
    first_answer_id: viewer.own_answer_id ? idOut(viewer.own_answer_id, permalink) : '',
    collected: viewer.collected,
    vote_status: viewer.vote_status,
    is_followed: viewer.is_followed,
    member_actions: viewer.member_actions,
    extends_actions: [],
  };
}
