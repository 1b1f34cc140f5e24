import type { PostStatusName, TagBrief, UserBrief } from './common.js';

/** GET personal/user/info: a profile as anyone may see it. */
export interface ProfileInfo extends UserBrief {
  created_at: number;
  last_login_date: number;
  answer_count: number;
  question_count: number;
  follow_count: number;
  bio: string;
  bio_html: string;
  mobile: string;
  /** Server HTML (a fixed sentence) for suspended, deleted and inactive users; empty otherwise. */
  status_msg: string;
}

/** UserQuestionInfo: an item of personal/question/page and of the top list. */
export interface UserQuestion {
  question_id: string;
  title: string;
  url_title: string;
  vote_count: number;
  tags: TagBrief[];
  view_count: number;
  answer_count: number;
  collection_count: number;
  created_at: number;
  accepted_answer_id: string;
  status: PostStatusName;
}

/** UserAnswerInfo: an item of personal/answer/page and of the top list. */
export interface UserAnswer {
  answer_id: string;
  question_id: string;
  accepted: number;
  vote_count: number;
  create_time: number;
  update_time: number;
  question_info: { title: string; url_title: string; tags: TagBrief[] };
}

/** GET personal/qa/top. */
export interface TopPosts {
  question: UserQuestion[];
  answer: UserAnswer[];
}

/** The object a reputation change or a vote is about. */
export interface ActivityObject {
  object_id: string;
  object_type: 'question' | 'answer' | 'comment' | 'tag';
  title: string;
  url_title: string;
  content: string;
  question_id: string;
  answer_id: string;
}

/** GetRankPersonalPageResp; object_type user is an imported account's reputation from its site ("Imported from <site>"). */
export interface RankItem extends Omit<ActivityObject, 'object_type'> {
  object_type: ActivityObject['object_type'] | 'user';
  created_at: number;
  reputation: number;
  rank_type: string;
}

/** GetVoteWithPageResp. */
export interface VoteItem extends ActivityObject {
  created_at: number;
  vote_type: string;
}
