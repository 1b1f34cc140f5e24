import type { LinkedPageParams } from './types';

/** Query keys of the question-link resource. */
export const linkKeys = {
  all: ['question-link'] as const,
  page: (params: LinkedPageParams) => [...linkKeys.all, params] as const,
};
