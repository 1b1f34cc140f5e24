import type { BodyOf } from '../../../server/contract/endpoints';
/** The response shapes live in the API contract, which the server's presenters use too. */
export type { AnswerInfo, AnswerWithQuestion } from '../../../server/contract/api/answer';

/** Orders of GET answer/page shown as tabs. */
export const ANSWER_ORDERS = ['default', 'created', 'updated'] as const;
/** One of them. */
export type AnswerOrder = (typeof ANSWER_ORDERS)[number];

/** Body of POST answer (the endpoint map's). */
export type AnswerInput = BodyOf<'POST /answer/api/v1/answer'>;

/** Body of PUT answer (the endpoint map's). */
export type AnswerUpdateInput = BodyOf<'PUT /answer/api/v1/answer'>;
