import type { ActivityObject, RankItem, UserAnswer, UserQuestion, VoteItem } from '../../contract/api/personal.js';
import { postStatusName } from '../../contract/enums.js';
import type { AnswerRow, QuestionRow } from '../../db/tables/content.table.js';
import { urlTitle } from '../../infra/markdown/render.js';
import { idOut } from '../../infra/ids/object-id.js';
import type { TagBrief } from '../tag/tag.usage.js';

/** UserQuestionInfo: an item of personal/question/page and of the top list. */
export function presentUserQuestion(
  q: Pick<
    QuestionRow,
    'id' | 'title' | 'vote_count' | 'view_count' | 'answer_count' | 'collection_count' | 'created_at' | 'accepted_answer_id' | 'status'
  >,
  tags: TagBrief[],
  permalink: number,
): UserQuestion {
  return {
    question_id: idOut(q.id, permalink),
    title: q.title,
    url_title: urlTitle(q.title),
    vote_count: q.vote_count,
    tags,
    view_count: q.view_count,
    answer_count: q.answer_count,
    collection_count: q.collection_count,
    created_at: q.created_at,
    accepted_answer_id: idOut(q.accepted_answer_id, permalink),
    status: postStatusName(q.status),
  };
}

/** UserAnswerInfo: an item of personal/answer/page and of the top list; `title` may be the deleted-question text. */
export function presentUserAnswer(
  a: Pick<AnswerRow, 'id' | 'question_id' | 'adopted' | 'vote_count' | 'created_at' | 'updated_at'>,
  question: { title: string; tags: TagBrief[] },
  permalink: number,
): UserAnswer {
  return {
    answer_id: idOut(a.id, permalink),
    question_id: idOut(a.question_id, permalink),
    accepted: a.adopted,
    vote_count: a.vote_count,
    create_time: a.created_at,
    update_time: a.updated_at,
    question_info: { title: question.title, url_title: urlTitle(question.title), tags: question.tags },
  };
}

/** What the personal lists show of the object an activity is about. */
export interface ObjectInfo {
  object_type: 'question' | 'answer' | 'comment' | 'tag';
  object_id: string;
  question_id: string;
  answer_id: string;
  title: string;
  content: string;
}

function objectFields(o: ObjectInfo, permalink: number): ActivityObject {
  return {
    object_id: idOut(o.object_id, permalink),
    object_type: o.object_type,
    title: o.title,
    url_title: urlTitle(o.title),
    content: o.content,
    question_id: o.question_id ? idOut(o.question_id, permalink) : '',
    answer_id: o.answer_id ? idOut(o.answer_id, permalink) : '',
  };
}

/** GetRankPersonalPageResp. */
export function presentRankItem(a: { created_at: number; rank: number }, o: ObjectInfo, rankType: string, permalink: number): RankItem {
  return { created_at: a.created_at, reputation: a.rank, rank_type: rankType, ...objectFields(o, permalink) };
}

/** The reputation-tab entry of an imported account's reputation from its site (object_type user, no post). */
export function presentImportedRank(
  userId: number,
  imported: { reputation: number; at: number },
  rankType: string,
  title: string,
): RankItem {
  return {
    created_at: imported.at,
    reputation: imported.reputation,
    rank_type: rankType,
    object_id: String(userId),
    object_type: 'user',
    title,
    url_title: '',
    content: '',
    question_id: '',
    answer_id: '',
  };
}

/** GetVoteWithPageResp. */
export function presentVoteItem(a: { created_at: number }, o: ObjectInfo, voteType: string, permalink: number): VoteItem {
  return { created_at: a.created_at, vote_type: voteType, ...objectFields(o, permalink) };
}
