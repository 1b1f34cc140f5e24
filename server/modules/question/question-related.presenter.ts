import type { QuestionRow } from '../../db/tables/content.table.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { idOut } from './question.presenter.js';

/** Question status names as the reference's lists send them. */
export const QUESTION_STATUS_NAME: Record<number, string> = { 1: 'available', 2: 'closed', 10: 'deleted', 11: 'pending' };

/** QuestionBaseInfo: an item of GET question/similar. */
export function presentQuestionBase(q: QuestionRow, permalink: number) {
  return {
    id: idOut(q.id, permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    view_count: q.view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    status: QUESTION_STATUS_NAME[q.status] ?? 'available',
    accepted_answer: q.accepted_answer_id !== '0' && q.accepted_answer_id !== '',
  };
}
