import type { MemberAction, UserBrief, VoteStatus } from '../types';

/** Orders of GET answer/page shown as tabs. */
export const ANSWER_ORDERS = ['default', 'created', 'updated'] as const;
/** One of them. */
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];

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

/** GET answer/info. */
export interface AnswerWithQuestion {
  info: AnswerInfo;
  question: { id: string; title: string; url_title: string; status: number };
}

/** Body of POST answer. */
export interface AnswerInput {
  question_id: string;
  content: string;
  captcha_id?: string;
  captcha_code?: string;
}

/** Body of PUT answer. */
export interface AnswerUpdateInput extends AnswerInput {
  id: string;
  edit_summary?: string;
}

/** The accepted-answer flag value. */
export const ACCEPTED = 2;
