import type { QuestionPageParams } from './types';

/** Query keys of the question resource. */
export const questionKeys = {
  all: ['question'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (params: QuestionPageParams) => [...questionKeys.lists(), params] as const,
  details: () => [...questionKeys.all, 'detail'] as const,
  detail: (id: string) => [...questionKeys.details(), id] as const,
  similar: (title: string) => [...questionKeys.all, 'similar', title] as const,
};
