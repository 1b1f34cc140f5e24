import type { SimilarQuestion } from '../../contract/api/question.js';
import { postStatusName } from '../../contract/enums.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';

/** QuestionBaseInfo: an item of GET question/similar. */
export function presentQuestionBase(q: QuestionRow, permalink: number): SimilarQuestion {
  return {
    id: idOut(q.id, permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    view_count: q.view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    follow_count: q.follow_count,
    status: postStatusName(q.status),
    accepted_answer: q.accepted_answer_id !== '0' && q.accepted_answer_id !== '',
  };
}
