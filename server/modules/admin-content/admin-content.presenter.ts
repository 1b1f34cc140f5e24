import type { AdminAnswer, AdminQuestion } from '../../contract/api/admin.js';
import type { AnswerRow, QuestionRow } from '../../db/tables/content.table.js';
import { htmlToExcerpt } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';

/** AdminQuestionInfo: a row of the admin question list. */
export function presentAdminQuestion(q: QuestionRow, users: Map<number, UserBasicInfo>, permalink: number): AdminQuestion {
  return {
    id: idOut(q.id, permalink),
    title: q.title,
    vote_count: q.vote_count,
    show: q.show,
    pin: q.pin,
    answer_count: q.answer_count,
    accepted_answer_id: idOut(q.accepted_answer_id, permalink),
    create_time: q.created_at,
    update_time: q.post_update_time,
    edit_time: q.updated_at,
    user_info: users.get(q.user_id) ?? null,
  };
}

/** AdminAnswerInfo: a row of the admin answer list with its question's title. */
export function presentAdminAnswer(
  a: AnswerRow & { question_title: string },
  users: Map<number, UserBasicInfo>,
  permalink: number,
): AdminAnswer {
  return {
    id: idOut(a.id, permalink),
    question_id: idOut(a.question_id, permalink),
    description: htmlToExcerpt(a.parsed_text),
    create_time: a.created_at,
    update_time: a.updated_at,
    accepted: a.adopted,
    user_info: users.get(a.user_id) ?? null,
    vote_count: a.vote_count,
    question_info: { title: a.question_title },
  };
}
