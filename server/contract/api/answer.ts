import type { MemberAction, UserBrief, VoteStatus } from './common.js';
import type { QuestionDetail } from './question.js';

/** An answer (AnswerInfo). accepted: 2 when it is the accepted answer. */
export interface AnswerInfo {
  id: string;
  question_id: string;
  content: string;
  html: string;
  create_time: number;
  update_time: number;
  accepted: number;
  user_info: UserBrief | null;
  update_user_info: UserBrief | null;
  collected: boolean;
  vote_status: VoteStatus;
  vote_count: number;
  status: number;
  member_actions: MemberAction[];
}

/** GET answer/info: the answer and its question. */
export interface AnswerWithQuestion {
  info: AnswerInfo;
  question: QuestionDetail;
}
