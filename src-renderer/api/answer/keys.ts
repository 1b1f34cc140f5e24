import type { AnswerOrder } from './types';

/** Query keys of the answer resource. */
export const answerKeys = {
  all: ['answer'] as const,
  lists: (questionId: string) => [...answerKeys.all, 'list', questionId] as const,
  list: (questionId: string, order: AnswerOrder, page: number) => [...answerKeys.lists(questionId), order, page] as const,
  detail: (id: string) => [...answerKeys.all, 'detail', id] as const,
};
