import type { SearchParams } from './types';

/** Query keys of the search resource. */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: SearchParams) => [...searchKeys.all, 'results', params] as const,
  tag: (slug: string) => [...searchKeys.all, 'tag', slug] as const,
};
