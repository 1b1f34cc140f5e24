import type { QuestionDetail } from '../../contract/api/question.js';
import type { QuestionRow } from '../../db/tables/content.table.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { presentQuestionDetail } from '../question/question.presenter.js';
import type { TagBrief } from '../tag/tag.usage.js';
import type { UserBasicInfo } from '../user/user-brief.presenter.js';
import { QUESTION_STATUS } from '../../contract/enums.js';

const DELETED_TITLE = 'Deleted question';

/** An item of GET personal/collection/page: the question's info without its body, "Deleted question" once deleted. */
export function presentCollectedQuestion(
  q: QuestionRow,
  tags: TagBrief[],
  users: Map<number, UserBasicInfo>,
  permalink: number,
): QuestionDetail {
  const info = presentQuestionDetail(
    q,
    tags,
    users,
    { collected: true, vote_status: '', is_followed: false, member_actions: [] },
    permalink,
    null,
  );
  const title = q.status === QUESTION_STATUS.deleted ? DELETED_TITLE : info.title;
  return { ...info, title, url_title: urlTitle(title), content: '', html: '', update_user_info: null, last_answered_user_info: null };
}
