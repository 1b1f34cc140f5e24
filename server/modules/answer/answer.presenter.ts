import type { AnswerInfo } from '../../contract/api/answer.js';
import type { MemberAction, VoteStatus } from '../../contract/api/common.js';
import type { AnswerRow } from '../../db/tables/content.table.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** AnswerInfo as the reference sends it. */
export function presentAnswer(
  a: AnswerRow,
  users: Map<number, UserBasicInfo>,
  viewer: { collected: boolean; vote_status: VoteStatus; member_actions: MemberAction[] },
  permalink: number,
): AnswerInfo {
  return {
    id: idOut(a.id, permalink),
    question_id: idOut(a.question_id, permalink),
    content: a.original_text,
    html: a.parsed_text,
    create_time: a.created_at,
    update_time: a.updated_at,
    accepted: a.adopted,
    user_info: users.get(a.user_id) ?? null,
    update_user_info: a.last_edit_user_id ? (users.get(a.last_edit_user_id) ?? null) : null,
    collected: viewer.collected,
    vote_status: viewer.vote_status,
    vote_count: a.vote_count,
    status: a.status,
    member_actions: viewer.member_actions,
  };
}
