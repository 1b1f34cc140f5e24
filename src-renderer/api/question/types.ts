/** The response shapes live in the API contract, which the server's presenters use too. */
export type {
  EditResult,
  QuestionCounters,
  QuestionDetail,
  QuestionItem,
  QuestionOperation,
  SimilarQuestion,
} from '../../../server/contract/api/question';

/** Orders of GET question/page shown as tabs. */
export const QUESTION_ORDERS = ['newest', 'active', 'hot', 'score', 'unanswered'] as const;
/** One of them. */
export type QuestionOrder = (typeof QUESTION_ORDERS)[number];

/** Query of GET question/page. */
export interface QuestionPageParams {
  order: QuestionOrder;
  page: number;
  page_size: number;
  tag?: string;
  in_days?: number;
}

/** A tag as the question form sends it. */
export interface TagInput {
  slug_name: string;
  display_name?: string;
}

/** Body of POST question. */
export interface QuestionInput {
  title: string;
  content: string;
  tags: TagInput[];
  captcha_id?: string;
  captcha_code?: string;
}

/** Body of PUT question. */
export interface QuestionUpdateInput extends QuestionInput {
  id: string;
  edit_summary?: string;
}

/** Question status codes (named in the contract). */
export { QUESTION_STATUS } from '../../../server/contract/enums';
