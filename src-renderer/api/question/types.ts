import type { BodyOf } from '../../../server/contract/endpoints';
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

/** A tag as the question form sends it (an item of the body's tags). */
export type TagInput = QuestionInput['tags'][number];

/** Body of POST question (the endpoint map's). */
export type QuestionInput = BodyOf<'POST /answer/api/v1/question'>;

/** Body of PUT question (the endpoint map's). */
export type QuestionUpdateInput = BodyOf<'PUT /answer/api/v1/question'>;

/** Question status codes (named in the contract). */
export { QUESTION_STATUS } from '../../../server/contract/enums';
