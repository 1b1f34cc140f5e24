import type { QuestionOrder } from '../question/types';

/** Query of GET question/link. */
export interface LinkedPageParams {
  question_id: string;
  order: QuestionOrder;
  page: number;
  page_size: number;
}
