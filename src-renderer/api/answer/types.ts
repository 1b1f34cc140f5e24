/** The response shapes live in the API contract, which the server's presenters use too. */
export type { AnswerInfo, AnswerWithQuestion } from '../../../server/contract/api/answer';

/** Orders of GET answer/page shown as tabs. */
export const ANSWER_ORDERS = ['default', 'created', 'updated'] as const;
/** One of them. */
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];

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
